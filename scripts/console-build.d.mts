/** Latest modification time under a path (node_modules and dist left out). */
export function newest(p: string): number;
/** Builds apps/admin when a source is newer than its dist (printing message first); false when the build failed. */
export function buildConsoleIfStale(message: string): boolean;
