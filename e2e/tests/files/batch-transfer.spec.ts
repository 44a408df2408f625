import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { test as shared, expect } from '../../support/fixtures';
import { btnName, loginWithPassword, shot, toast } from '../../support/ui';

const DEMO = { phone: '13800138000', password: 'demo1234' };
const root = path.resolve(import.meta.dirname, '../../..');

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A 160px PNG: a green square with a white diagonal, so the thumbnail shows something. */
function photo(size = 160): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: size }, (_, y) => {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) row.set(Math.abs(x - y) < size / 10 ? [255, 255, 255] : [82, 196, 26], 1 + x * 3);
    return row;
  });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The run's server refuses loopback addresses, as production does. Fetching from the image server this test starts
 * on 127.0.0.1 needs FETCH_ALLOW_PRIVATE=1, so this file starts its own server with it (the console and the server
 * bundle are already built by global setup) and points the pages at it.
 */
const test = shared.extend<object, { allowServer: string }>({
  allowServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take a destructured first argument
    async ({}, use) => {
      const port = await freePort();
      const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-transfer-'));
      const baseURL = `http://127.0.0.1:${port}`;
      const log = fs.openSync(path.join(runDir, 'server.log'), 'a');
      // The bundle global setup built (through scripts/start.mjs): no second build racing the run's.
      const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.mjs'], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: path.join(runDir, 'data'),
          PUBLIC_URL: baseURL,
          LOG_LEVEL: 'warn',
          FETCH_ALLOW_PRIVATE: '1',
        },
        stdio: ['ignore', log, log],
      });
      fs.closeSync(log);
      const until = Date.now() + 60_000;
      for (;;) {
        const up = await fetch(`${baseURL}/login`)
          .then((r) => r.ok)
          .catch(() => false);
        if (up) break;
        if (Date.now() > until || child.exitCode !== null)
          throw new Error(
            `the transfer test server did not start: ${fs.readFileSync(path.join(runDir, 'server.log'), 'utf8').slice(-2000)}`,
          );
        await new Promise((r) => setTimeout(r, 250));
      }
      await use(baseURL);
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(runDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ allowServer }, use) => {
    await use(allowServer);
  },
});

let images: http.Server;
let imageBase: string;
test.beforeAll(async () => {
  images = http.createServer((req, res) => {
    if (req.url?.endsWith('.png')) return res.writeHead(200, { 'content-type': 'image/png' }).end(photo());
    if (req.url?.endsWith('.html')) return res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>商品介绍</body></html>');
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => images.listen(0, '127.0.0.1', r));
  imageBase = `http://127.0.0.1:${(images.address() as net.AddressInfo).port}`;
});
test.afterAll(async () => {
  if (images) await new Promise((r) => images.close(r));
});

// The demo owner pastes two addresses, one image and one web page; the server fetches them in the background, the
// progress reaches the end, and the result of each line shows: the image (also in 素材库) and the page's refusal.
test('a merchant transfers a list of web images into the media library and sees each result', async ({ page }) => {
  const name = `banner-${(Date.now() % 36 ** 4).toString(36)}.png`;
  const good = `${imageBase}/shop/${name}`;
  const bad = `${imageBase}/shop/intro.html`;

  await test.step('open 批量图片转存 from the goods menu', async () => {
    await loginWithPassword(page, DEMO.phone, DEMO.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(async () => {
      await page.getByRole('navigation', { name: '一级菜单' }).getByRole('menuitem').filter({ hasText: '商品' }).click();
      await page
        .getByRole('navigation', { name: '二级菜单' })
        .getByRole('menuitem', { name: '批量图片转存', exact: true })
        .click({ timeout: 2_000 });
      await expect(page).toHaveURL(/\/BatchTransferTool$/, { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByText('还没有转存任务')).toBeVisible();
  });

  await test.step('a line that is not an http(s) address is named before anything is sent', async () => {
    const box = page.getByRole('textbox', { name: '图片地址' });
    await box.fill(`${good}\nftp://example.com/a.png`);
    await expect(page.getByRole('alert').filter({ hasText: '第2行：只能转存 http 或 https 地址的图片' })).toBeVisible();
    await page.getByRole('button', { name: btnName('开始转存') }).click();
    await expect(page.getByText('转存进度')).toHaveCount(0);
  });

  await test.step('paste an image and a web page, start, and watch the progress reach the end', async () => {
    await page.getByRole('textbox', { name: '图片地址' }).fill(`${good}\n${bad}\n${good}`);
    await expect(page.getByText('共 2 个地址（重复 1 条，只转存一次）')).toBeVisible();
    await page.getByRole('button', { name: btnName('开始转存') }).click();
    await expect(toast(page, '已开始转存，共2张（重复的1条只转存一次）')).toBeVisible();
    await expect(page).toHaveURL(/\/BatchTransferTool\?id=/);
    await expect(page.getByTestId('transfer-counts')).toHaveText('成功 1 / 失败 1 / 共 2', { timeout: 30_000 });
    await expect(page.locator('.ant-card').filter({ hasText: '转存进度' }).getByText('已完成')).toBeVisible();
    const results = page.getByRole('region', { name: '转存结果' });
    const okRow = results.getByRole('row').filter({ hasText: name });
    await expect(okRow).toContainText('成功');
    await expect(okRow.getByRole('img', { name: '转存的图片' })).toHaveAttribute('src', /\.thumb\.webp$/);
    await expect(results.getByRole('row').filter({ hasText: 'intro.html' })).toContainText('只能上传 JPG、PNG、GIF、WebP 格式的图片');
    await expect(page.getByRole('button', { name: btnName('重试失败项') })).toBeEnabled();
    await expect(page.getByRole('region', { name: '最近的转存任务' }).getByRole('row').nth(1)).toContainText('成功 1 / 失败 1 / 共 2');
    await shot(page, 'batch-transfer');
  });

  await test.step('only the failures when filtered', async () => {
    await page.getByLabel('结果筛选').getByText('失败').click();
    const results = page.getByRole('region', { name: '转存结果' });
    await expect(results.getByRole('row')).toHaveCount(2); // the header and the one failure
    await expect(results).toContainText('intro.html');
  });

  await test.step('the image is in 素材库 (未分组)', async () => {
    await page.goto('/material');
    await page.locator('.ant-tree-treenode').filter({ hasText: '未分组' }).click();
    await expect(page.getByTestId('media-card').filter({ hasText: name })).toBeVisible();
  });
});
