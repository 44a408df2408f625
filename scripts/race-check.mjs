// Race tests (apps/server/test/race.ts) only mean something on PostgreSQL: on PGlite they are skipped. This check,
// run by scripts/test.mjs after the server's PostgreSQL pass, fails the run when a race test found in either server
// pass's vitest JSON report did not pass in the PostgreSQL pass (skipped there, failed, or missing from it).

/** Appended to a race test's name on PGlite (apps/server/test/race.ts RACE_SKIP_REASON). */
export const RACE_SKIP_REASON = ' (needs PostgreSQL: one PGlite connection cannot race)';

/** `file › full name` of every race test of a vitest JSON report, with its status; names as on PostgreSQL. */
export function raceTests(report, root = '') {
  const out = new Map();
  for (const file of report?.testResults ?? []) {
    const where = root && file.name?.startsWith(root) ? file.name.slice(root.length).replace(/^\//, '') : file.name;
    for (const a of file.assertionResults ?? [])
      if (a.meta?.race) out.set(`${where} › ${a.fullName.replace(RACE_SKIP_REASON, '')}`, a.status);
  }
  return out;
}

/**
 * What is wrong with the race tests of a PostgreSQL pass: one line per race test (from that pass or from the PGlite
 * pass, whose reports are given) that did not pass there. An empty list when every one ran and passed.
 */
export function raceProblems(postgresReport, otherReports = [], root = '') {
  const ran = raceTests(postgresReport, root);
  const declared = new Set(ran.keys());
  for (const r of otherReports) for (const name of raceTests(r, root).keys()) declared.add(name);
  const problems = [];
  for (const name of [...declared].sort()) {
    const status = ran.get(name);
    if (status !== 'passed') problems.push(`${name}: ${status ?? 'not in the PostgreSQL pass'}`);
  }
  return problems;
}
