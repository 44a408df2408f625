import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { openMenu } from '../../support/forms';
import { apiCall, btnName, loginWithPassword, shot, toast } from '../../support/ui';

const DEMO = { phone: '13800138000', password: 'demo1234' };

/** Five base-36 characters no other run of this test uses. */
const tag = () => (Date.now() % 36 ** 5).toString(36).padStart(5, '0');

/** The table row that shows this text exactly. */
function row(page: Page, text: string): Locator {
  return page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByText(text, { exact: true }) });
}

async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('loginInfo') ?? '{}').token as string);
}

async function search(page: Page, placeholder: string, keyword: string) {
  const box = page.getByPlaceholder(placeholder);
  await box.fill(keyword);
  await box.press('Enter');
}

// The demo owner makes a spec template on /addspecification and imports it into a new goods on /addgoods; saving lands
// on /SaveGood. On /goodsList a SKU's stock is edited in its row; on /Glist the goods is found by keyword; on /goodsSort
// two new goods swap places by dragging and /Goodlist shows the same order. Everything made is deleted at the end.
test('goods views: spec template, save result, SKU stock, catalogue cards, drag sort', async ({ page, request }) => {
  const t = tag();
  const template = `服装模板${t}`;
  const first = `针织衫${t}`;
  const second = `围巾${t}`;
  const ids: string[] = [];

  await test.step('商品规格: a template with 颜色 红 / 蓝', async () => {
    await loginWithPassword(page, DEMO.phone, DEMO.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openMenu(page, '商品', '商品规格');
    await expect(page).toHaveURL(/\/addspecification$/);
    await page.getByRole('button', { name: '新增规格模板' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '新增规格模板' });
    await dialog.getByRole('button', { name: btnName('保存') }).click();
    await expect(dialog.getByText('请输入模板名称')).toBeVisible();
    await dialog.getByLabel('模板名称').fill(template);
    await dialog.getByLabel('模板规格名1').fill('颜色');
    for (const v of ['红', '蓝']) {
      await dialog.getByLabel('模板规格1的规格值').fill(v);
      await dialog.getByLabel('模板规格1的规格值').press('Enter');
    }
    await shot(page, 'goods-spec-template-edit');
    await dialog.getByRole('button', { name: btnName('保存') }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(row(page, template)).toContainText('红');
    await expect(row(page, template)).toContainText('蓝');
  });

  await test.step('发布商品: 从规格模板导入 fills the specs; saving lands on /SaveGood', async () => {
    await page.goto('/addgoods');
    await page.getByLabel('商品名称').fill(first);
    await page.getByRole('button', { name: '从规格模板导入' }).click();
    await page.getByRole('button', { name: `导入${template}` }).click();
    await expect(toast(page, `已导入规格模板「${template}」`)).toBeVisible();
    await expect(page.getByLabel('规格名1')).toHaveValue('颜色');
    await page.getByLabel('批量价格').fill('88');
    await page.getByLabel('批量库存').fill('5');
    await page.getByRole('button', { name: btnName('填充') }).click();
    await expect(page.getByLabel('蓝 库存')).toHaveValue('5');
    await page.getByRole('button', { name: btnName('保存') }).click();
    await expect(page).toHaveURL(/\/SaveGood\?id=[0-9a-f-]+&new=1$/);
    await expect(page.getByText('商品发布成功')).toBeVisible();
    await expect(page.getByText(first, { exact: true })).toBeVisible();
    await expect(page.getByText('¥88.00')).toBeVisible();
    ids.push(new URL(page.url()).searchParams.get('id') ?? '');
    await shot(page, 'goods-save-result');
    for (const b of ['继续发布', '编辑商品', '返回商品列表']) await expect(page.getByRole('button', { name: btnName(b) })).toBeVisible();
  });

  await test.step('商品列表: one row per SKU; a stock edited in its row stays', async () => {
    await openMenu(page, '商品', '商品列表');
    await expect(page).toHaveURL(/\/goodsList$/);
    await search(page, '商品名称 / 编号 / 规格编码 / 条形码', first);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(2);
    const stock = page.getByLabel(`${first} 红 库存`);
    await stock.fill('17');
    await stock.press('Enter');
    await expect(toast(page, '库存修改成功')).toBeVisible();
    await shot(page, 'goods-sku-list');
    await page.reload();
    await search(page, '商品名称 / 编号 / 规格编码 / 条形码', first);
    await expect(page.getByLabel(`${first} 红 库存`)).toHaveValue('17');
    await expect(page.getByLabel(`${first} 蓝 库存`)).toHaveValue('5');
  });

  await test.step('商品: the card is found by keyword and opens the goods', async () => {
    await openMenu(page, '商品', '商品');
    await expect(page).toHaveURL(/\/Glist$/);
    await search(page, '商品名称 / 编号 / 条形码', first);
    const card = page.getByTestId('goods-card');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(first);
    await expect(card).toContainText('¥88.00');
    await expect(card).toContainText('库存 22');
    await shot(page, 'goods-cards');
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/editfrom\\?id=${ids[0]}$`));
  });

  await test.step('商品排序: dragging the newest goods below the other one, and /Goodlist follows', async () => {
    const token = await tokenOf(page);
    const made = await apiCall<{ id: string }>(
      request,
      '/Goods/Goods/save',
      { title: second, status: 1, skus: [{ specValues: {}, price: 30, stock: 3 }] },
      token,
    );
    ids.push(made.id);
    await openMenu(page, '商品', '商品排序');
    await expect(page).toHaveURL(/\/goodsSort$/);
    // New goods (sort 0) come first, the newest first.
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows.nth(0)).toContainText(second);
    await expect(rows.nth(1)).toContainText(first);
    await row(page, second).dragTo(row(page, first));
    await expect(rows.nth(0)).toContainText(first);
    await expect(rows.nth(1)).toContainText(second);
    await shot(page, 'goods-sort');
    await page.getByRole('button', { name: btnName('保存排序') }).click();
    await expect(toast(page, '排序成功')).toBeVisible();
    await page.reload();
    await expect(rows.nth(0)).toContainText(first);
    await expect(rows.nth(1)).toContainText(second);

    await openMenu(page, '商品', '商品管理');
    await search(page, '商品名称 / 编号 / 条形码', t);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText(first);
    await expect(rows.nth(1)).toContainText(second);
    await expect(row(page, first).getByLabel('排序值')).toHaveValue('1');
    await expect(row(page, second).getByLabel('排序值')).toHaveValue('2');
  });

  await test.step('clean up', async () => {
    const token = await tokenOf(page);
    await apiCall(request, '/Goods/Goods/delete', { ids }, token);
    const list = await apiCall<{ rows: { id: string; name: string }[] }>(request, '/Goods/GoodsSpec/list', { keyword: template }, token);
    await apiCall(request, '/Goods/GoodsSpec/delete', { ids: list.rows.map((r) => r.id) }, token);
  });
});
