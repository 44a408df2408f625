import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  plugins: [react()],
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
