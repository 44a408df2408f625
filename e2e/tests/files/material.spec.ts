import zlib from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { btnName, loginWithPassword, shot, toast } from '../../support/ui';

const DEMO = { phone: '13800138000', password: 'demo1234' };

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A photo made in memory: a coloured square with a white stripe, so the thumbnails show something. */
function photo(size: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: size }, (_, y) => {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) row.set(Math.abs(x - y) < size / 10 ? [255, 255, 255] : [r, g, b], 1 + x * 3);
    return row;
  });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const unique = (text: string) => `${text}${(Date.now() % 36 ** 4).toString(36)}`;
const card = (page: Page, name: string) => page.getByTestId('media-card').filter({ hasText: name });
const treeNode = (page: Page, name: string) => page.locator('.ant-tree-treenode').filter({ hasText: name });

// The demo owner files two photos in a new directory of the 素材库, moves one to 未分组, deletes the other,
// then picks the moved photo as a form's cover through the shared picker.
test('a merchant creates a directory, uploads two images into it, moves one and deletes one', async ({ page }) => {
  const dir = unique('春季海报');
  const [first, second] = [`${unique('门头')}.png`, `${unique('新品')}.png`];

  await test.step('open 素材库 from the menu', async () => {
    await loginWithPassword(page, DEMO.phone, DEMO.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The shell may redraw the sidebar once the role's menu arrives after login: click again until it lands.
    await expect(async () => {
      await page.getByRole('navigation', { name: '一级菜单' }).getByRole('menuitem').filter({ hasText: '素材' }).click();
      await page
        .getByRole('navigation', { name: '二级菜单' })
        .getByRole('menuitem', { name: '素材库', exact: true })
        .click({ timeout: 2_000 });
      await expect(page).toHaveURL(/\/material$/, { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
    await expect(treeNode(page, '全部文件')).toBeVisible();
  });

  await test.step('create a directory', async () => {
    await page.getByRole('button', { name: btnName('新建目录') }).click();
    const dialog = page.getByRole('dialog', { name: '新建目录' });
    await dialog.getByRole('textbox', { name: '目录名称' }).fill(dir);
    await dialog.getByRole('button', { name: btnName('确定') }).click();
    await expect(toast(page, '新建成功')).toBeVisible();
    await expect(treeNode(page, dir)).toContainText(`${dir} (0)`);
    await expect(treeNode(page, dir)).toHaveClass(/ant-tree-treenode-selected/);
  });

  await test.step('upload two images into it, with progress', async () => {
    await page.locator('input[type=file]').setInputFiles([
      { name: first, mimeType: 'image/png', buffer: photo(240, [22, 119, 255]) },
      { name: second, mimeType: 'image/png', buffer: photo(320, [250, 140, 22]) },
    ]);
    await expect(toast(page, '上传成功 2 个文件')).toBeVisible();
    await expect(page.getByLabel('上传进度')).toContainText(first);
    await expect(card(page, first)).toBeVisible();
    await expect(card(page, second)).toContainText('320×320');
    await expect(treeNode(page, dir)).toContainText(`${dir} (2)`);
    // The thumbnail (200px WebP) is what the grid shows.
    await expect(card(page, first).locator('img')).toHaveAttribute('src', /\.thumb\.webp$/);
    await shot(page, 'material-library');
  });

  await test.step('move one to 未分组', async () => {
    await card(page, first)
      .getByRole('button', { name: `选择 ${first}` })
      .click();
    await expect(page.getByText('已选 1 个')).toBeVisible();
    await page.getByRole('button', { name: btnName('移动到') }).click();
    const dialog = page.getByRole('dialog', { name: '移动 1 个文件到' });
    await dialog.getByRole('combobox').click();
    await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: '未分组' }).click();
    await dialog.getByRole('button', { name: btnName('确定') }).click();
    await expect(toast(page, '移动成功')).toBeVisible();
    await expect(card(page, first)).toHaveCount(0);
    await expect(treeNode(page, dir)).toContainText(`${dir} (1)`);
  });

  await test.step('delete the other after the confirmation', async () => {
    await card(page, second)
      .getByRole('button', { name: `选择 ${second}` })
      .click();
    await page.getByRole('button', { name: btnName('删除') }).click();
    const confirm = page.getByRole('dialog').filter({ hasText: '确定删除选中的数据?' });
    await confirm.getByRole('button', { name: btnName('确定') }).click();
    await expect(toast(page, '删除成功!')).toBeVisible();
    await expect(page.getByText('这里还没有文件')).toBeVisible();
    await expect(treeNode(page, dir)).toContainText(`${dir} (0)`);
    await treeNode(page, '未分组').click();
    await expect(card(page, first)).toBeVisible();
  });

  await test.step('提取网络图片 answers each URL: this server refuses its own loopback address', async () => {
    await page.getByRole('button', { name: btnName('提取网络图片') }).click();
    const dialog = page.getByRole('dialog', { name: '提取网络图片' });
    await dialog.getByRole('textbox', { name: '图片地址' }).fill('http://127.0.0.1/a.png\nftp://example.com/b.png');
    await dialog.getByRole('button', { name: btnName('开始提取') }).click();
    await expect(dialog.getByRole('row').filter({ hasText: '127.0.0.1' })).toContainText('不能提取内网地址的图片');
    await expect(dialog.getByRole('row').filter({ hasText: 'ftp://' })).toContainText('只能提取 http 或 https 地址的图片');
    await shot(page, 'material-down-to-dir');
    await dialog.getByRole('button', { name: btnName('完成') }).click();
  });

  await test.step("pick the moved image as a form's cover through the shared picker", async () => {
    await page.goto('/FormResEdit');
    await page.getByRole('button', { name: '选择图片' }).click();
    const picker = page.getByRole('dialog', { name: '选择图片' });
    await picker.getByPlaceholder('搜索文件名称').fill(first.replace('.png', ''));
    await picker.getByPlaceholder('搜索文件名称').press('Enter');
    await expect(picker.getByTestId('media-card')).toHaveCount(1);
    await picker.getByRole('button', { name: `选择 ${first}` }).click();
    await shot(page, 'media-picker');
    await picker.getByRole('button', { name: /确定/ }).click();
    await expect(page.locator('.media-picked-item img')).toHaveAttribute('src', /^\/file\/.+\.png$/);
    await shot(page, 'media-picker-field');
  });
});
