// npm run worker: the job workers without HTTP (apps/server/src/worker.ts), bundled and started like the server.
import { bundleAndRun } from './server-bundle.mjs';

await bundleAndRun('worker');
