/**
 * Race tests: calls that must be serialised by the database (row locks, conditional updates, unique keys) sent at
 * once. PGlite is one connection, so there they cannot race and would pass whatever the locking; they run only on
 * PostgreSQL (TEST_DATABASE_URL), and on PGlite they show as skipped with the reason in their name.
 *
 * `raceIt` takes what `it` takes. Each race test carries `meta.race`, which vitest's JSON report keeps; the runner of
 * `npm test` (scripts/test.mjs, scripts/race-check.mjs) fails the run when a race test found in either server pass
 * did not pass in the PostgreSQL pass (test/README.md "Race tests").
 */
import { it, type TestFunction, type TestOptions } from 'vitest';
import { RACE_SKIP_REASON } from '../../../scripts/race-check.mjs';

declare module 'vitest' {
  interface TaskMeta {
    /** A race test (test/race.ts): it must have run and passed on PostgreSQL. */
    race?: boolean;
  }
}

/** Whether this pass runs on PostgreSQL, where concurrent calls really race. */
export const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

/** Appended to a race test's name on PGlite, where it is skipped (scripts/race-check.mjs strips it to match). */
export { RACE_SKIP_REASON };

/** `it` for a race test: `raceIt(name, fn, timeout?)` or `raceIt(name, options, fn)`. */
export function raceIt(name: string, fn: TestFunction, timeout?: number): void;
export function raceIt(name: string, options: TestOptions, fn: TestFunction): void;
export function raceIt(name: string, a: TestFunction | TestOptions, b?: TestFunction | number): void {
  const [options, fn] = typeof a === 'function' ? [{ timeout: b as number | undefined }, a] : [a, b as TestFunction];
  const meta = { ...options.meta, race: true };
  it.skipIf(!ON_POSTGRES)(ON_POSTGRES ? name : `${name}${RACE_SKIP_REASON}`, { ...options, meta }, fn);
}
