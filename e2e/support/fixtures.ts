import { test as base, expect, type Page } from '@playwright/test';
import { server } from './server';

export interface Fixtures {
  /** Uncaught errors thrown in the page during the test; the test fails if any remain at the end. */
  pageErrors: Error[];
  /**
   * A customer's phone: a page in its own browser context (no console session, its own storage), 375×800, touch,
   * pointed at the run's server. Its uncaught errors fail the test too.
   */
  customer: Page;
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
  customer: async ({ browser, pageErrors }, use) => {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
      viewport: { width: 375, height: 800 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    page.on('pageerror', (e) => pageErrors.push(e));
    await use(page);
    await context.close();
  },
});

export { expect };
