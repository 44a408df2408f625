import { configDefaults, defineConfig } from 'vitest/config';

// The fault test stops and starts a private PostgreSQL and Redis of its own: it runs once, in the PostgreSQL pass
// (TEST_DATABASE_URL set, as in CI), not in the PGlite pass too. The tests with job worker processes (two workers on
// one job, two on one transfer; a killed import worker; a refund process killed mid refund) need a database two
// processes can open: PostgreSQL only.
const onceOnly = process.env.TEST_DATABASE_URL
  ? []
  : [
      'test/faults.test.ts',
      'test/jobs-instances.test.ts',
      'test/transfers-instances.test.ts',
      'test/goods-import-crash.test.ts',
      'test/payment-crash.test.ts',
    ];

export default defineConfig({
  // '@/…' is src/… (tsconfig paths), in src and test alike.
  resolve: { tsconfigPaths: true },
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...onceOnly],
    // One migrated, seeded PGlite is built once and every test file starts from a copy of it.
    globalSetup: ['test/global-setup.ts'],
    // PGlite and argon2 are heavy: two workers fit two cores.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
