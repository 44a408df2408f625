/** Latest modification time under a path (node_modules and dist left out). */
export function newest(p: string): number;
/** The apps built by Vite: the console (apps/admin) and the customer's pages (apps/shop). */
export const APPS: { name: string; workspace: string; stamp: string; sources: string[] }[];
/**
 * Builds apps/admin and apps/shop, each when a source is newer than its dist (printing message first); false when a
 * build failed.
 */
export function buildConsoleIfStale(message: string): boolean;
