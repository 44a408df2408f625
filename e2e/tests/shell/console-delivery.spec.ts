import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test as base } from '../../support/fixtures';
import { createMerchant, loginWithPassword, type Merchant } from '../../support/ui';

// What each chunk of the build holds, written by the build (tools/vite-plugins/delivery.ts): its modules and the
// heavy code among them (table, editor, charts, excel). The checks below are on that module graph, never on timings.
interface ChunkNotes {
  heavyCode: Record<string, string>;
  chunks: Record<string, { modules: string[]; heavy: string[] }>;
}
const dist = path.resolve(import.meta.dirname, '../../../apps/admin/dist');
const notes = (): ChunkNotes => JSON.parse(fs.readFileSync(path.join(dist, '.vite/chunks.json'), 'utf8'));
const BUDGET_KB = 300;

interface Loaded {
  file: string;
  encoding: string | undefined;
  cacheControl: string | undefined;
}

/** Every script the page loads from now on (a test's context starts with an empty cache). */
function recordScripts(page: Page): Loaded[] {
  const loaded: Loaded[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (!url.pathname.endsWith('.js')) return;
    const h = res.headers();
    loaded.push({ file: url.pathname.slice(1), encoding: h['content-encoding'], cacheControl: h['cache-control'] });
  });
  return loaded;
}

const test = base.extend<{ merchant: Merchant }>({
  merchant: async ({ request }, use) => {
    await use(await createMerchant(request, '交付测试店'));
  },
});

test('the first visit of /login loads no table or editor code, within 300 KB gzipped, compressed and cached', async ({ page }) => {
  const loaded = recordScripts(page);
  const doc = await page.goto('/login');
  expect(doc?.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByRole('tab', { name: '密码登录' })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');

  const { chunks } = notes();
  const files = loaded.map((l) => l.file);
  expect(files.length).toBeGreaterThan(0);
  for (const f of files) expect(chunks[f], `${f} is a chunk of this build`).toBeDefined();
  // The login page's own chunk is among them: the route's lazy code was loaded before the check.
  expect(files.some((f) => chunks[f].modules.some((m) => m.endsWith('src/modules/login/login-page.tsx')))).toBe(true);
  const heavy = files.flatMap((f) => chunks[f].heavy.map((h) => `${f}: ${h}`));
  expect(heavy, 'heavy code in the chunks of /login').toEqual([]);
  // Nor any module of a table or the rich-text editor (TipTap, ProseMirror), whatever its chunk is called.
  const modules = files.flatMap((f) => chunks[f].modules);
  expect(modules.filter((m) => /antd\/es\/table\/|rc-table\/|rich-text-editor|@tiptap\/|prosemirror-/.test(m))).toEqual([]);

  const gzipBytes = files.reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, f))).length, 0);
  expect(gzipBytes / 1024).toBeLessThanOrEqual(BUDGET_KB);

  for (const l of loaded) {
    expect(l.cacheControl, l.file).toBe('public, max-age=31536000, immutable');
    // Chromium accepts br: every file with a .br beside it comes as that file.
    if (fs.existsSync(path.join(dist, `${l.file}.br`))) expect(l.encoding, l.file).toBe('br');
  }
});

test('a screen with a table loads the table chunk (the check above sees it when it is there)', async ({ page, merchant }) => {
  await page.goto('/login');
  await expect(page.getByRole('tab', { name: '密码登录' })).toBeVisible({ timeout: 30_000 });
  await loginWithPassword(page, merchant.phone, merchant.pwd, { goto: false });
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
  const loaded = recordScripts(page);
  await page.goto('/staffManagement');
  await expect(page.locator('.ant-table').first()).toBeVisible({ timeout: 30_000 });
  const { chunks } = notes();
  expect(loaded.flatMap((l) => chunks[l.file]?.heavy ?? [])).toContain('table');
});
