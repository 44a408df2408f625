import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contractRoutes } from '../../tools/vite-plugins/contract-routes.ts';
import { chunkNotes, precompress } from '../../tools/vite-plugins/delivery.ts';

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
  // The customer's pages (apps/shop: its own dev server, `npm run dev -w apps/shop`) and their API.
  '/h5',
];

export default defineConfig({
  // precompress: .br/.gz beside each file, served as they are (apps/server/src/core/console-static.ts);
  // chunkNotes: dist/.vite/chunks.json, what each chunk holds (bench/console-size.mjs, the e2e delivery test).
  plugins: [react(), contractRoutes(), chunkNotes(path.resolve(import.meta.dirname, '../..')), precompress()],
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
      // The console only: the customer's pages are apps/shop, a build of their own.
      input: { main: path.resolve(import.meta.dirname, 'index.html') },
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
