// npm start: builds the console when its sources are newer than the build, then starts the server.
import { buildConsoleIfStale } from './console-build.mjs';
import { bundleAndRun } from './server-bundle.mjs';

if (!buildConsoleIfStale('构建管理后台前端…')) process.exit(1);

await bundleAndRun('main');
