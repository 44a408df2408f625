import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    // One migrated, seeded PGlite is built once and every test file starts from a copy of it.
    globalSetup: ['test/global-setup.ts'],
    // PGlite and argon2 are heavy: two workers fit two cores.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
