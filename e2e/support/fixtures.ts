import { test as base, expect } from '@playwright/test';
import { server } from './server';

export interface Fixtures {
  /** Uncaught errors thrown in the page during the test; the test fails if any remain at the end. */
  pageErrors: Error[];
}

/** Playwright's test, pointed at the run's server, failing on uncaught page errors. */
export const test = base.extend<Fixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take a destructured first argument
  baseURL: async ({}, use) => {
    await use(server.baseURL);
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (e) => errors.push(e));
      await use(errors);
      expect(
        errors.map((e) => e.message),
        'uncaught errors in the page',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
