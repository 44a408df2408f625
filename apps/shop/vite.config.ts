import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { contractRoutes } from '../../tools/vite-plugins/contract-routes.ts';
import { chunkNotes, HEAVY_CODE, precompress } from '../../tools/vite-plugins/delivery.ts';

const api = process.env.API_URL ?? 'http://localhost:3000';
const root = path.resolve(import.meta.dirname, '../..');

/**
 * Code the shop must never carry (marked per chunk in dist/.vite/chunks.json; bench/shop-size.mjs and
 * e2e/tests/shop/shop-delivery.spec.ts fail when a page loads one): the console's own code, antd, and the console's
 * heavy code.
 */
export const SHOP_FORBIDDEN: Record<string, RegExp> = {
  console: /apps\/admin\/src\//,
  antd: /node_modules\/(antd|@ant-design|rc-[a-z-]+|@rc-component)\//,
  zod: /node_modules\/zod\//,
  ...HEAVY_CODE,
};

/** The contract modules whose paths the shop calls (the fill page's upload and area calls are in files and login). */
export const CUSTOMER_MODULES = [
  'h5',
  'h5Goods',
  'h5Centre',
  'h5Cards',
  'h5MemberOrders',
  'h5Orders',
  'h5Delivery',
  'h5AfterSales',
  'fromOrder',
  'files',
  'login',
] as const;

/** Dev server: every page of the shop is index.html (the server does the same in production). */
const pages: Plugin = {
  name: 'shop-pages',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      if (req.method === 'GET' && req.url && /^\/h5\/(form|shop)\//.test(req.url)) req.url = '/h5/index.html';
      next();
    });
  },
};

/** The customer's pages (/h5/...): their own build, served by the server under /h5/ (core/console-static.ts). */
export default defineConfig({
  base: '/h5/',
  plugins: [react(), contractRoutes(CUSTOMER_MODULES), pages, chunkNotes(root, SHOP_FORBIDDEN), precompress()],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      '@contract': path.resolve(import.meta.dirname, '../../packages/contract/src'),
    },
  },
  server: {
    port: 5174,
    proxy: Object.fromEntries(
      [
        '/h5/Visitor',
        '/h5/Member',
        '/h5/Shop',
        '/h5/Goods',
        '/h5/Card',
        '/h5/Cart',
        '/h5/Address',
        '/h5/Order',
        '/h5/Pickup',
        '/h5/MemberOrder',
        '/Order',
        '/api',
        '/file',
        '/pay',
      ].map((p) => [p, { target: api }]),
    ),
  },
  // React and react-dom alone are ~225 KB raw (~71 KB gzipped): the budget that counts is the gzipped first screen.
  build: { outDir: 'dist', chunkSizeWarningLimit: 300 },
});
