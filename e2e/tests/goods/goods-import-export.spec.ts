import ExcelJS from 'exceljs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { btnName, confirmDialog, loginWithPassword, shot, toast } from '../../support/ui';

const DEMO = { phone: '13800138000', password: 'demo1234' };
const HEADERS = [
  '商品名称*',
  '商品编号',
  '商品类型',
  '商品分类',
  '单位',
  '规格1名称',
  '规格1值',
  '规格2名称',
  '规格2值',
  '规格3名称',
  '规格3值',
  '售价*',
  '原价',
  '成本价',
  '库存*',
  '重量(克)',
  '规格编码',
  '条形码',
  '卖点',
  '状态',
];

/** Five base-36 characters no other run of this test uses. */
const tag = () => (Date.now() % 36 ** 5).toString(36).padStart(5, '0');

/** An .xlsx the way a merchant fills the template: one row per SKU. */
async function workbook(rows: Record<string, string | number>[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('商品');
  ws.addRow(HEADERS);
  for (const r of rows) ws.addRow(HEADERS.map((h) => r[h.replace('*', '')] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The goods table row that shows this title. */
function row(page: Page, title: string): Locator {
  return page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByText(title, { exact: true }) });
}

// The demo owner imports a spreadsheet with two good goods and one bad row: the preview names the bad row's errors,
// the merchant imports only the valid goods, finds them in the list, exports the list (the file has their SKU rows)
// and deletes them again, so 演示店铺 is left as it was.
test('a merchant imports goods from a spreadsheet with a preview, then exports the list', async ({ page }) => {
  const t = tag();
  const toast1 = `导入吐司${t}`;
  const cake = `导入蛋糕${t}`;
  const bad = `导入错误${t}`;
  const file = await workbook([
    {
      商品名称: toast1,
      商品编号: `IM${t}A`,
      商品分类: '烘焙/面包',
      单位: '个',
      规格1名称: '口味',
      规格1值: '原味',
      售价: 12,
      库存: 10,
      状态: '上架',
    },
    { 商品名称: toast1, 商品编号: `IM${t}A`, 规格1名称: '口味', 规格1值: '红豆', 售价: 13.5, 库存: 8 },
    { 商品名称: cake, 商品编号: `IM${t}B`, 商品分类: '烘焙/蛋糕', 售价: 88, 库存: 3, 条形码: '6900000000012' },
    { 商品名称: bad, 商品编号: `IM${t}C`, 商品分类: '烘焙/不存在', 售价: -5, 库存: 1 },
  ]);

  await test.step('导入商品 opens the upload step with the template', async () => {
    await loginWithPassword(page, DEMO.phone, DEMO.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/Goodlist');
    await page.getByRole('button', { name: '导入商品' }).click();
    const dialog = page.getByRole('dialog', { name: '导入商品' });
    await expect(dialog.getByText('点击或拖拽.xlsx文件到此处上传')).toBeVisible();
    const template = page.waitForEvent('download');
    await dialog.getByRole('button', { name: '下载导入模板' }).click();
    expect((await template).suggestedFilename()).toBe('商品导入模板.xlsx');
    await shot(page, 'goods-import-upload');
  });

  await test.step('the preview shows the bad row with its errors; nothing is imported yet', async () => {
    const dialog = page.getByRole('dialog', { name: '导入商品' });
    await dialog.locator('input[type=file]').setInputFiles({
      name: '商品导入.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await expect(dialog.getByText('共3个商品，1行有错误')).toBeVisible();
    await expect(dialog.getByText('第5行：售价不能小于0')).toBeVisible();
    await expect(dialog.getByText('第5行：商品分类「烘焙/不存在」不存在')).toBeVisible();
    // Only the bad goods is listed first; the switch shows every row.
    await expect(dialog.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
    await shot(page, 'goods-import-preview');
    await dialog.getByRole('switch', { name: '只看有错误的商品' }).click();
    await expect(dialog.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(4);
    await expect(dialog.getByRole('button', { name: '确认导入' })).toHaveCount(0);
  });

  await test.step('仅导入正确的商品 imports the two valid goods and the list shows them', async () => {
    const dialog = page.getByRole('dialog', { name: '导入商品' });
    await dialog.getByRole('button', { name: '仅导入正确的商品' }).click();
    await confirmDialog(page, '将导入2个正确的商品，跳过1个有错误的商品', { ok: '确定导入' });
    // The goods are written in the background: the modal follows the progress (正在导入 N / M, pushed by the hub or
    // polled) until the import ends, then shows the result.
    await expect(dialog.locator('.ant-steps-item').filter({ hasText: '导入' }).first()).toBeVisible();
    await expect(dialog.getByText('导入完成')).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByText(/正在导入/)).toHaveCount(0);
    await expect(dialog.getByText('新增2个商品，更新0个商品，跳过1个有错误的商品')).toBeVisible();
    await dialog.getByRole('button', { name: btnName('完成') }).click();
    await expect(dialog).toBeHidden();
    await page.getByPlaceholder('商品名称 / 编号 / 条形码').fill(`IM${t}`);
    await page.getByPlaceholder('商品名称 / 编号 / 条形码').press('Enter');
    await expect(row(page, toast1)).toBeVisible();
    await expect(row(page, cake)).toBeVisible();
    await expect(row(page, bad)).toHaveCount(0);
    await expect(row(page, toast1)).toContainText('出售中');
  });

  await test.step('导出 downloads the filtered list, one row per SKU', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: btnName('导出') }).click();
    const got = await download;
    expect(got.suggestedFilename()).toMatch(/^商品列表_\d{12}\.xlsx$/);
    await expect(toast(page, '已导出 2 条')).toBeVisible();
    const stream = await got.createReadStream();
    const parts: Buffer[] = [];
    for await (const p of stream) parts.push(p as Buffer);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(parts) as unknown as ExcelJS.Buffer);
    const rows: unknown[][] = [];
    wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(HEADERS);
    const lines = rows.slice(1).map((r) => [r[0], r[6] ?? null, r[11], r[14]]);
    expect(lines).toHaveLength(3);
    expect(lines).toEqual(
      expect.arrayContaining([
        [toast1, '原味', 12, 10],
        [toast1, '红豆', 13.5, 8],
        [cake, null, 88, 3],
      ]),
    );
  });

  await test.step('the imported goods are deleted again', async () => {
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    await page.getByRole('button', { name: '批量删除' }).click();
    await confirmDialog(page, '确定删除选中的数据?');
    await expect(toast(page, '删除成功!')).toBeVisible();
    await expect(row(page, toast1)).toHaveCount(0);
  });
});
