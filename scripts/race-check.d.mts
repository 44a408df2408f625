/** Appended to a race test's name on PGlite (apps/server/test/race.ts RACE_SKIP_REASON). */
export const RACE_SKIP_REASON: string;
/** A vitest JSON report, as much of it as the check reads. */
export interface VitestReport {
  testResults?: { name?: string; assertionResults?: { fullName: string; status: string; meta?: { race?: boolean } }[] }[];
}
/** `file › full name` of every race test of a vitest JSON report, with its status; names as on PostgreSQL. */
export function raceTests(report: VitestReport, root?: string): Map<string, string>;
/** One line per race test (of the PostgreSQL pass or the other passes) that did not pass in the PostgreSQL pass. */
export function raceProblems(postgresReport: VitestReport, otherReports?: VitestReport[], root?: string): string[];
