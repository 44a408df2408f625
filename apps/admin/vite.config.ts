import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { chunkNotes, precompress } from './vite-plugins/delivery.ts';
import { contractRoutes } from './vite-plugins/contract-routes.ts';

const api = process.env.API_URL ?? 'http://localhost:3000';
/** Paths the server answers; everything else is a console route. */
const serverPrefixes = [
  '/api',
  '/Index',
  '/Sys',
  '/Config',
  '/FromRep',
  '/UpFile',
  '/Goods',
  '/Order',
  '/Client',
  '/file',
  '/docs',
  '/hub',
];

/** Dev server: the customer's fill page (/h5/...) is its own page, h5.html, as the server answers it in production. */
const h5Page: Plugin = {
  name: 'h5-page',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.url && /^\/h5(\/|\?|$)/.test(req.url)) req.url = '/h5.html';
      next();
    });
  },
};

export default defineConfig({
  // precompress: .br/.gz beside each file, served as they are (apps/server/src/core/console-static.ts);
  // chunkNotes: dist/.vite/chunks.json, what each chunk holds (bench/console-size.mjs, the e2e delivery test).
  plugins: [react(), contractRoutes(), h5Page, chunkNotes(path.resolve(import.meta.dirname, '../..')), precompress()],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      '@contract': path.resolve(import.meta.dirname, '../../packages/contract/src'),
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(serverPrefixes.map((p) => [p, { target: api, ws: p === '/hub' }])),
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      // Two pages: the console, and the customer's light fill page (src/h5, none of the console's shell).
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        h5: path.resolve(import.meta.dirname, 'h5.html'),
      },
      output: {
        manualChunks(id) {
          if (id.includes('node_modules/echarts') || id.includes('node_modules/zrender')) return 'echarts';
          if (id.includes('node_modules/exceljs')) return 'exceljs';
          return undefined;
        },
      },
    },
  },
});
