import zlib from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { btnName, toast } from './ui';

/** A name no other test of the run uses: the text, a space and five base-36 characters. */
export function uniqueName(text: string): string {
  return `${text} ${(Date.now() % 36 ** 5).toString(36).padStart(5, '0')}`;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A small PNG made in memory (the customer's photo): a coloured square with a white diagonal. */
export function pngBuffer(size = 48, [r, g, b]: [number, number, number] = [250, 140, 22]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB
    for (let x = 0; x < size; x++) {
      const on = Math.abs(x - y) < 3;
      row.set(on ? [255, 255, 255] : [r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Watches the console's realtime connection (socket.io over a websocket on /hub). The server joins the socket to
 * the enterprise's room, then says 'welcome': after that a push to the enterprise reaches this page. Call before the
 * console logs in.
 */
export function watchHub(page: Page): { connected: () => Promise<void> } {
  let welcomed = false;
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/hub')) return;
    ws.on('framereceived', (f) => {
      if (typeof f.payload === 'string' && f.payload.includes('"welcome"')) welcomed = true;
    });
  });
  return {
    connected: () => expect.poll(() => welcomed, { message: 'the console connected to the realtime hub' }).toBe(true),
  };
}

/** A realtime notice (antd notification) pushed to the console, by its title. */
export function pushedNotice(page: Page, title: string): Locator {
  return page.locator('.ant-notification-notice').filter({ has: page.locator('.ant-notification-notice-message', { hasText: title }) });
}

/** Opens a menu entry the way a merchant does: the first-level item, then the entry in the second level. */
export async function openMenu(page: Page, first: string, second: string) {
  const entry = page.getByRole('navigation', { name: '二级菜单' }).getByRole('menuitem', { name: second, exact: true });
  // Right after a login the sidebar may still re-select the route's first level and hide the one just clicked (also
  // between seeing the entry and clicking it); a merchant then clicks it again, and so does this, up to the entry.
  await expect(async () => {
    await page.getByRole('navigation', { name: '一级菜单' }).getByRole('menuitem').filter({ hasText: first }).click();
    await entry.click({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** The value cell beside a label in an antd bordered Descriptions (the submission's items). */
export function descriptionValue(scope: Locator, label: string): Locator {
  return scope
    .locator('th.ant-descriptions-item-label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::td[1]');
}

/** The value beside a label in an antd plain Descriptions (the order's summary). */
export function summaryValue(scope: Locator, label: string): Locator {
  return scope
    .locator('.ant-descriptions-item-container')
    .filter({ has: scope.page().locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.ant-descriptions-item-content');
}

// ---------------------------------------------------------------------------------------------------------------
// The form designer (/FormResEdit)

/** The designer's palette, canvas and field settings. */
export function designer(page: Page) {
  const palette = page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: '添加字段' }) });
  const canvas = page.getByTestId('field-canvas');
  const settings = page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: '字段设置' }) });
  return {
    canvas,
    /** The field cards in order. */
    cards: canvas.locator('.field-card'),
    /** The labels of the fields in order, as the canvas shows them. */
    labels: canvas.locator('.field-card strong'),
    card: (label: string) => canvas.locator('.field-card').filter({ has: page.locator('strong', { hasText: new RegExp(`^${label}$`) }) }),
    /** Adds a field of a kind from the palette (it becomes the selected one). */
    add: (kind: string) => palette.getByRole('button', { name: btnName(kind) }).click(),
    /** Renames the selected field and sets whether it is required. */
    async setSelected({ label, required }: { label?: string; required?: boolean }) {
      if (label !== undefined) await settings.getByLabel('字段名称').fill(label);
      if (required !== undefined) {
        const sw = settings.getByRole('switch', { name: '必填' });
        if ((await sw.getAttribute('aria-checked')) !== String(required)) await sw.click();
        await expect(sw).toHaveAttribute('aria-checked', String(required));
      }
    },
    settings,
  };
}

/** From anywhere in the console: 表单 › 表单, then 新建表单; ends on the empty designer. */
export async function newForm(page: Page) {
  await openMenu(page, '表单', '表单');
  await expect(page).toHaveURL(/\/form$/);
  await page.getByRole('button', { name: '新建表单' }).click();
  await expect(page).toHaveURL(/\/FormResEdit$/);
  await expect(page.locator('.ant-card-head-title').filter({ hasText: /^新建表单$/ })).toBeVisible();
}

/** Saves the designed form and waits for the list (/form), where the new row shows. */
export async function saveForm(page: Page) {
  await page.getByRole('button', { name: btnName('保存') }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/form$/);
}

/** A row of /form (or any antd table) by a text in it. */
export function tableRow(page: Page, text: string): Locator {
  return page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
}

/** Opens the row's 链接 popover and answers the fill page's link (the QR code shows too). */
export async function fillLink(page: Page, row: Locator): Promise<{ url: string; popover: Locator }> {
  await row.getByRole('button', { name: '填写链接' }).click();
  const popover = page.locator('.ant-popover:not(.ant-popover-hidden)').filter({ hasText: '填写链接' });
  await expect(popover).toBeVisible();
  await expect(popover.locator('svg[role="img"]'), 'the QR code').toBeVisible();
  const href = await popover.getByRole('link', { name: '打开填写页' }).getAttribute('href');
  expect(href, 'the fill link').toMatch(/\/h5\/form\/[0-9a-f-]{36}$/);
  await expect(popover.locator('.ant-typography')).toHaveAttribute('aria-label', href ?? ''); // shown shortened
  return { url: href ?? '', popover };
}

// ---------------------------------------------------------------------------------------------------------------
// The customer's fill page (/h5/form/<id>)

/** One field of the fill page by its label. */
export function h5Field(page: Page, label: string): Locator {
  return page.locator('.field').filter({ has: page.locator('.field-label', { hasText: new RegExp(`^\\*?${label}(（|$)`) }) });
}

/** The 8-digit verification code the fill page shows once the order is paid ('1234 5678' on screen). */
export async function verifyCode(page: Page): Promise<string> {
  const shown = page.getByTestId('verify-code');
  await expect(shown).toHaveText(/^\d{4} \d{4}$/);
  return ((await shown.textContent()) ?? '').replace(/\s/g, '');
}

/** A value of the order summary under the fill page's order ('订单号', '金额', '状态'). */
export function h5OrderMeta(page: Page, term: string): Locator {
  return page
    .locator('.order-meta > div')
    .filter({ has: page.locator('dt', { hasText: term }) })
    .locator('dd');
}
