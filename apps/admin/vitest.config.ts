import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { contractRoutes } from '../../tools/vite-plugins/contract-routes.ts';

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [react(), contractRoutes()],
  resolve: {
    alias: {
      '@contract': fromHere('../../packages/contract/src'),
      '@': fromHere('./src'),
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
