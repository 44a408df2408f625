import path from 'node:path';

/**
 * apps/server. This file sits directly in src/, and the bundle (dist/main.mjs) directly in dist/,
 * so one level up is the server folder either way.
 */
export const SERVER_DIR = path.resolve(import.meta.dirname, '..');
export const REPO_ROOT = path.resolve(SERVER_DIR, '../..');
