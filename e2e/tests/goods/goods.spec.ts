import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { openMenu } from '../../support/forms';
import { btnName, confirmDialog, fieldError, loginWithPassword, shot, toast } from '../../support/ui';

const DEMO = { phone: '13800138000', password: 'demo1234', shop: '演示店铺' };

/** Five base-36 characters no other run of this test uses. */
const tag = () => (Date.now() % 36 ** 5).toString(36).padStart(5, '0');

/** The goods table row that shows this title. */
function row(page: Page, title: string): Locator {
  return page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByText(title, { exact: true }) });
}

/** The goods table rows whose title holds this text (a goods and its copy). */
function both(page: Page, title: string): Locator {
  return page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: title });
}

/** Adds a spec (name and values) with the spec editor. */
async function addSpec(page: Page, index: number, name: string, values: string[]) {
  await page.getByRole('button', { name: '添加规格' }).click();
  await page.getByLabel(`规格名${index}`).fill(name);
  const value = page.getByLabel(`规格${index}的规格值`);
  for (const v of values) {
    await value.fill(v);
    await value.press('Enter');
  }
}

// The demo owner publishes a goods with two spec dimensions (颜色 红/蓝 × 尺码 M/L), prices them with 批量填充, finds it
// in the list, changes one SKU price (and a stock, the sort) there, filters, puts it off the shelf, copies it, puts both
// back on sale in bulk and deletes them (one, then the other in bulk): 演示店铺 is left as it was.
test('a merchant publishes goods with a spec matrix, reprices, unlists and deletes it', async ({ page }) => {
  const title = `纯棉T恤${tag()}`;

  await test.step('the goods list opens from the menu', async () => {
    await loginWithPassword(page, DEMO.phone, DEMO.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openMenu(page, '商品', '商品管理');
    await expect(page).toHaveURL(/\/Goodlist$/);
    await expect(page).toHaveTitle(`商品管理 - ${DEMO.shop}`);
    for (const tab of ['全部', '出售中', '已售罄', '已下架', '定时开售']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  });

  await test.step('发布商品: the title is required, the goods number is previewed (taken on save)', async () => {
    await page.getByRole('button', { name: '发布商品' }).click();
    await expect(page).toHaveURL(/\/addgoods$/);
    await expect(page.getByLabel('商品编号')).toHaveValue('');
    await expect(page.getByLabel('商品编号')).toHaveAttribute('placeholder', /^留空自动生成（预计 SP\d+）$/);
    await page.getByRole('button', { name: btnName('保存') }).click();
    await expect(fieldError(page, '请输入商品名称')).toBeVisible();
    await page.getByLabel('商品名称').fill(title);
    await page.getByLabel('商品分类').click();
    await page
      .locator('.ant-select-tree-node-content-wrapper')
      .filter({ hasText: /^面包$/ })
      .click();
    await page.getByLabel('商品单位').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item').filter({ hasText: /^件$/ }).click();
  });

  await test.step('two spec dimensions build four SKU rows, priced with 批量填充', async () => {
    await addSpec(page, 1, '颜色', ['红', '蓝']);
    await addSpec(page, 2, '尺码', ['M', 'L']);
    for (const combo of ['红 / M', '红 / L', '蓝 / M', '蓝 / L']) await expect(page.getByLabel(`${combo} 价格`)).toBeVisible();
    await page.getByRole('button', { name: btnName('保存') }).click();
    await expect(toast(page, '请填写每个规格的价格和库存')).toBeVisible();
    await page.getByLabel('批量价格').fill('59.9');
    await page.getByLabel('批量库存').fill('10');
    await page.getByRole('button', { name: btnName('填充') }).click();
    for (const combo of ['红 / M', '红 / L', '蓝 / M', '蓝 / L']) {
      await expect(page.getByLabel(`${combo} 价格`)).toHaveValue('59.9');
      await expect(page.getByLabel(`${combo} 库存`)).toHaveValue('10');
    }
    await page.getByLabel('蓝 / L 价格').fill('69.9');
    await shot(page, 'goods-add');
    await page.getByRole('button', { name: btnName('保存') }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(page).toHaveURL(/\/SaveGood\?id=/);
    await page.getByRole('button', { name: '返回商品列表' }).click();
    await expect(page).toHaveURL(/\/Goodlist$/);
  });

  await test.step('the list shows it on sale with its price span and total stock', async () => {
    await page.getByPlaceholder('商品名称 / 编号 / 条形码').fill(title);
    await page.getByPlaceholder('商品名称 / 编号 / 条形码').press('Enter');
    await expect(row(page, title)).toContainText('¥59.90 – ¥69.90');
    await expect(row(page, title)).toContainText('40');
    await expect(row(page, title)).toContainText('出售中');
    await shot(page, 'goods-list');
  });

  await test.step('one SKU price is changed in the list', async () => {
    await row(page, title).getByRole('button', { name: '改价' }).click();
    const pop = page.locator('.ant-popover:not(.ant-popover-hidden)');
    await expect(pop.getByLabel('红 / M价格')).toHaveValue('59.9');
    await pop.getByLabel('红 / M价格').fill('49.9');
    await pop.getByRole('button', { name: btnName('保存') }).click();
    await expect(toast(page, '改价成功')).toBeVisible();
    await expect(row(page, title)).toContainText('¥49.90 – ¥69.90');
    // The popover closes once saved.
    await expect(page.locator('.ant-popover:not(.ant-popover-hidden)')).toHaveCount(0);
  });

  await test.step('stock and sort are changed in the list', async () => {
    await row(page, title).getByRole('button', { name: '改库存' }).click();
    const pop = page.locator('.ant-popover:not(.ant-popover-hidden)');
    await pop.getByLabel('红 / M库存').fill('5');
    await pop.getByRole('button', { name: btnName('保存') }).click();
    await expect(toast(page, '库存修改成功')).toBeVisible();
    await expect(row(page, title).locator('td').nth(3)).toHaveText('35');
    await row(page, title).getByLabel('排序值').fill('7');
    await row(page, title).getByLabel('排序值').press('Enter');
    await expect(toast(page, '排序成功')).toBeVisible();
    await expect(row(page, title).getByLabel('排序值')).toHaveValue('7');
  });

  await test.step('the price range and the category filter the list; price sorts on the server', async () => {
    await page.getByLabel('最低价').fill('70');
    await page.getByRole('button', { name: btnName('筛选') }).click();
    await expect(row(page, title)).toHaveCount(0);
    await page.getByLabel('最低价').fill('60');
    await page.getByRole('button', { name: btnName('筛选') }).click();
    await expect(row(page, title)).toBeVisible();
    await page
      .locator('.ant-select')
      .filter({ has: page.getByRole('combobox', { name: '商品分类' }) })
      .click();
    await page
      .locator('.ant-select-tree-node-content-wrapper')
      .filter({ hasText: /^饮品$/ })
      .click();
    await expect(row(page, title)).toHaveCount(0);
    await page.getByRole('button', { name: btnName('重置') }).click();
    await page.getByPlaceholder('商品名称 / 编号 / 条形码').fill(title);
    await page.getByPlaceholder('商品名称 / 编号 / 条形码').press('Enter');
    await page.locator('.ant-table-thead th').filter({ hasText: '价格' }).click();
    await expect(page.locator('.ant-table-thead th[aria-sort="ascending"]')).toContainText('价格');
    await expect(row(page, title)).toBeVisible();
  });

  await test.step('the edit page shows the saved matrix', async () => {
    await row(page, title)
      .getByRole('button', { name: btnName('编辑') })
      .click();
    await expect(page).toHaveURL(/\/editfrom\?id=/);
    await expect(page.getByLabel('商品名称')).toHaveValue(title);
    await expect(page.getByLabel('红 / M 价格')).toHaveValue('49.9');
    await expect(page.getByLabel('蓝 / L 价格')).toHaveValue('69.9');
    await shot(page, 'goods-edit');
  });

  await test.step('scheduled sale: the start time is required, then it shows under 定时开售', async () => {
    await page.getByRole('radio', { name: '定时开售' }).check();
    await page.getByRole('button', { name: btnName('保存') }).click();
    await expect(fieldError(page, '请选择开售时间')).toBeVisible();
    await page.getByLabel('开售时间').fill('2030-01-01 10:00:00');
    // Confirm with the picker's own button: Enter in the picker can also submit the page's form.
    await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
    await expect(fieldError(page, '请选择开售时间')).toHaveCount(0);
    await page.getByRole('button', { name: btnName('保存') }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(page).toHaveURL(/\/SaveGood\?id=/);
    await page.getByRole('button', { name: '返回商品列表' }).click();
    await expect(page).toHaveURL(/\/Goodlist$/);
    // Each tab is awaited as selected: the row shows the start time under 全部 too, so without it the click on 全部
    // could land while 定时开售's navigation was still on its way (全部 still active: the click changes nothing).
    await page.getByRole('tab', { name: '定时开售' }).click();
    await expect(page.getByRole('tab', { name: '定时开售' })).toHaveAttribute('aria-selected', 'true');
    await expect(row(page, title)).toContainText('2030-01-01 10:00:00');
    await page.getByRole('tab', { name: '全部' }).click();
    await expect(page.getByRole('tab', { name: '全部' })).toHaveAttribute('aria-selected', 'true');
  });

  await test.step('off the shelf, it shows under 已下架', async () => {
    await page.getByPlaceholder('商品名称 / 编号 / 条形码').fill(title);
    await page.getByPlaceholder('商品名称 / 编号 / 条形码').press('Enter');
    await row(page, title)
      .getByRole('button', { name: btnName('下架') })
      .click();
    await expect(toast(page, '下架成功')).toBeVisible();
    await expect(row(page, title)).toContainText('已下架');
    await page.getByRole('tab', { name: '已下架' }).click();
    await expect(row(page, title)).toBeVisible();
  });

  await test.step('a copy, both back on sale in bulk', async () => {
    await page.getByRole('tab', { name: '全部' }).click();
    await row(page, title)
      .getByRole('button', { name: btnName('复制') })
      .click();
    await expect(toast(page, '复制成功')).toBeVisible();
    // The copy is named apart: "<title> 副本".
    await expect(row(page, `${title} 副本`)).toContainText('已下架');
    await expect(both(page, title)).toHaveCount(2);
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    await page.getByRole('button', { name: '批量上架' }).click();
    await expect(toast(page, '上架成功')).toBeVisible();
    for (const r of await both(page, title).all()) await expect(r).toContainText('出售中');
  });

  await test.step('one deleted after the confirm, the other in bulk', async () => {
    await row(page, title)
      .getByRole('button', { name: btnName('删除') })
      .click();
    await confirmDialog(page, '确定删除当前当前数据?');
    await expect(toast(page, '删除成功!')).toBeVisible();
    await expect(both(page, title)).toHaveCount(1);
    await row(page, `${title} 副本`).getByRole('checkbox').check();
    await page.getByRole('button', { name: '批量删除' }).click();
    await confirmDialog(page, '确定删除选中的数据?');
    await expect(both(page, title)).toHaveCount(0);
    await expect(page.getByText('暂无商品，点击「发布商品」添加')).toBeVisible();
  });
});
