/**
 * The check `npm test` runs after the server's PostgreSQL pass (scripts/race-check.mjs): every race test (test/race.ts)
 * seen in either pass must have passed on PostgreSQL, or the run fails. Reports here are crafted vitest JSON reports.
 */
import { describe, expect, it } from 'vitest';
import { RACE_SKIP_REASON, raceProblems, raceTests, type VitestReport } from '../../../scripts/race-check.mjs';

const race = { race: true };
const report = (tests: { file?: string; name: string; status: string; meta?: { race?: boolean } }[]): VitestReport => ({
  testResults: [...new Set(tests.map((x) => x.file ?? 'a.test.ts'))].map((file) => ({
    name: `/repo/apps/server/test/${file}`,
    assertionResults: tests
      .filter((x) => (x.file ?? 'a.test.ts') === file)
      .map((x) => ({ fullName: x.name, status: x.status, meta: x.meta })),
  })),
});
const ROOT = '/repo/apps/server';

describe('race tests on PostgreSQL', () => {
  it('passes when every race test passed there, and ignores the other tests', () => {
    const pg = report([
      { name: 'stock sells 10 to 30 buyers at once', status: 'passed', meta: race },
      { name: 'lists goods', status: 'skipped' },
    ]);
    const pglite = report([{ name: `stock sells 10 to 30 buyers at once${RACE_SKIP_REASON}`, status: 'skipped', meta: race }]);
    expect(raceProblems(pg, [pglite], ROOT)).toEqual([]);
    expect([...raceTests(pg, ROOT)]).toEqual([['test/a.test.ts › stock sells 10 to 30 buyers at once', 'passed']]);
  });

  it('fails on a race test skipped or failed on PostgreSQL', () => {
    const pg = report([
      { name: 'one order per key', status: 'skipped', meta: race },
      { name: 'refunds once', status: 'failed', meta: race },
    ]);
    expect(raceProblems(pg, [], ROOT)).toEqual(['test/a.test.ts › one order per key: skipped', 'test/a.test.ts › refunds once: failed']);
  });

  it('fails on a race test of the PGlite pass that the PostgreSQL pass lacks, or when that pass left no report', () => {
    const pglite = report([{ file: 'b.test.ts', name: `d › cancels once${RACE_SKIP_REASON}`, status: 'skipped', meta: race }]);
    expect(raceProblems(report([]), [pglite], ROOT)).toEqual(['test/b.test.ts › d › cancels once: not in the PostgreSQL pass']);
    expect(raceProblems({}, [pglite], ROOT)).toEqual(['test/b.test.ts › d › cancels once: not in the PostgreSQL pass']);
  });
});
