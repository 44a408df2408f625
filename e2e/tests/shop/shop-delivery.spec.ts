import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test as base } from '../../support/fixtures';
import { type ShopCatalogue, shopWithCatalogue } from '../../support/shop';

// The H5 shop's first screen (DESIGN §8 and issue 15: under 150 KB of gzipped JavaScript), checked on the build's
// chunk notes (apps/shop/dist/.vite/chunks.json, written by tools/vite-plugins/delivery.ts with the marks of
// SHOP_FORBIDDEN in apps/shop/vite.config.ts: the console's code, antd, zod, the console's heavy code).
interface ChunkNotes {
  heavyCode: Record<string, string>;
  chunks: Record<string, { modules: string[]; heavy: string[] }>;
}
const dist = path.resolve(import.meta.dirname, '../../../apps/shop/dist');
const notes = (): ChunkNotes => JSON.parse(fs.readFileSync(path.join(dist, '.vite/chunks.json'), 'utf8'));
const BUDGET_KB = 150;

const test = base.extend<{ shop: ShopCatalogue }>({
  shop: async ({ request }, use) => {
    await use(await shopWithCatalogue(request, '交付测试小店'));
  },
});

test('the first visit of the shop home loads no console code, within 150 KB gzipped, compressed and cached', async ({ customer, shop }) => {
  const loaded: { file: string; encoding?: string; cacheControl?: string }[] = [];
  customer.on('response', (res) => {
    const url = new URL(res.url());
    if (!url.pathname.endsWith('.js')) return;
    const h = res.headers();
    loaded.push({ file: url.pathname.replace(/^\/h5\//, ''), encoding: h['content-encoding'], cacheControl: h['cache-control'] });
  });
  const doc = await customer.goto(`/h5/shop/${shop.shopId}`);
  expect(doc?.headers()['cache-control']).toBe('no-cache');
  await expect(customer.getByRole('heading', { name: shop.enterprise })).toBeVisible();
  await expect(customer.getByRole('list', { name: '商品列表' }).locator('li')).toHaveCount(3);
  await customer.waitForLoadState('networkidle');

  const { chunks, heavyCode } = notes();
  expect(Object.keys(heavyCode)).toEqual(expect.arrayContaining(['console', 'antd']));
  const files = loaded.map((l) => l.file);
  expect(files.length).toBeGreaterThan(0);
  for (const f of files) expect(chunks[f], `${f} is a chunk of the shop's build`).toBeDefined();
  // The shop's own chunk is among them, and the fill page's (with its QR code library) is not.
  const modules = files.flatMap((f) => chunks[f].modules);
  expect(modules.some((m) => m.endsWith('apps/shop/src/shop/shop-app.tsx'))).toBe(true);
  expect(modules.filter((m) => /form-page\.tsx$|qrcode/.test(m))).toEqual([]);
  expect(files.flatMap((f) => chunks[f].heavy.map((h) => `${f}: ${h}`))).toEqual([]);
  expect(modules.filter((m) => m.startsWith('apps/admin/') || m.includes('node_modules/antd/'))).toEqual([]);

  const gzipBytes = files.reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(dist, f))).length, 0);
  expect(gzipBytes / 1024).toBeLessThanOrEqual(BUDGET_KB);
  for (const l of loaded) {
    expect(l.cacheControl, l.file).toBe('public, max-age=31536000, immutable');
    if (fs.existsSync(path.join(dist, `${l.file}.br`))) expect(l.encoding, l.file).toBe('br');
  }
});

test('the console build carries no customer page', async () => {
  const consoleNotes: ChunkNotes = JSON.parse(fs.readFileSync(path.resolve(dist, '../../admin/dist/.vite/chunks.json'), 'utf8'));
  const customerCode = Object.values(consoleNotes.chunks).flatMap((c) => c.modules.filter((m) => m.startsWith('apps/shop/')));
  expect(customerCode).toEqual([]);
  expect(fs.existsSync(path.resolve(dist, '../../admin/dist/h5.html'))).toBe(false);
});
