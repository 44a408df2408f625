// The JavaScript the browser loads for the first visit of /login (DESIGN §8: under 300 KB gzipped), and whether any
// of it is code /login has no use for (the table, the rich-text editor, charts, Excel: HEAVY_CODE in
// tools/vite-plugins/delivery.ts, marked per chunk in apps/admin/dist/.vite/chunks.json by the build).
// Writes bench/results/console-login.json; exits 1 over budget or when heavy code is loaded.
// Usage: node bench/console-size.mjs [baseURL]   (default: starts the built server on a temp data dir; the chunk
// notes are read from apps/admin/dist, so a baseURL must serve that same build)
import fs from 'node:fs';
import path from 'node:path';
import { firstLoad, root, serverFor, sizeResult } from './first-load.mjs';

const BUDGET_KB = 300;
const server = await serverFor(process.argv[2], 'console');
const load = await firstLoad({
  url: `${server.base}/login`,
  ready: 'input[type=password]',
  prefix: '/',
  notesFile: path.join(root, 'apps/admin/dist/.vite/chunks.json'),
});
server.stop();
const heavyLoaded = load.marksLoaded;
const result = {
  ...sizeResult('/login', load, BUDGET_KB),
  tableLoaded: heavyLoaded.includes('table'),
  editorLoaded: heavyLoaded.includes('editor'),
  heavyCodeLoaded: heavyLoaded,
  heavyCode: Object.keys(load.notes.heavyCode),
  files: load.scripts.sort((a, b) => b.gzip - a.gzip),
};
fs.writeFileSync(path.join(import.meta.dirname, 'results/console-login.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(
  `/login loads ${result.scripts} scripts, ${result.gzipKB} KB gzipped (budget ${BUDGET_KB} KB), ${result.transferredKB} KB transferred;` +
    ` heavy code loaded: ${heavyLoaded.length ? heavyLoaded.join(', ') : 'none'}`,
);
if (!result.withinBudget || heavyLoaded.length) process.exit(1);
