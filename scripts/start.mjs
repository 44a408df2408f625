// npm start: builds the console and the shop when their sources are newer than their builds, then starts the server.
import { buildConsoleIfStale } from './console-build.mjs';
import { bundleAndRun } from './server-bundle.mjs';

if (!buildConsoleIfStale('构建前端…')) process.exit(1);

await bundleAndRun('main');
