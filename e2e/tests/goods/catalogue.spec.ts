import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { openMenu } from '../../support/forms';
import { btnName, confirmDialog, fieldError, loginWithPassword, shot, toast } from '../../support/ui';

const DEMO = { phone: '13800138000', password: 'demo1234', shop: '演示店铺' };

/** Five base-36 characters no other run of this test uses. */
const tag = () => (Date.now() % 36 ** 5).toString(36).padStart(5, '0');

/** The table row whose first cell is exactly this name. */
function row(page: Page, name: string): Locator {
  return page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByText(name, { exact: true }) });
}

/** The texts of one column (1-based), top to bottom: the names are the first column of /Catelist, the second of /Unit. */
async function names(page: Page, column = 1): Promise<string[]> {
  return (await page.locator(`.ant-table-tbody tr.ant-table-row td:nth-child(${column})`).allInnerTexts()).map((s) => s.trim());
}

// The demo owner builds a two-level category tree (a parent, two children reordered by dragging) and a unit it moves to
// the top. The categories are deleted again at the end; the unit (units cannot be deleted) stays in 演示店铺, disabled,
// under a name no other run uses.
test('a merchant builds a two-level category tree and a unit in the console', async ({ page }) => {
  const parent = `时令水果${tag()}`;
  const unit = `篮${tag()}`;

  await test.step('the category screen opens from the menu with the demo tree', async () => {
    await loginWithPassword(page, DEMO.phone, DEMO.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openMenu(page, '商品', '商品分类');
    await expect(page).toHaveURL(/\/Catelist$/);
    await expect(page).toHaveTitle(`商品分类 - ${DEMO.shop}`);
    await expect(row(page, '烘焙')).toBeVisible();
    await expect(row(page, '曲奇')).toContainText('3级');
  });

  const drawer = page.locator('.ant-drawer-content');
  await test.step('a new top-level category: the name is checked in the drawer before it is saved', async () => {
    await page.getByRole('button', { name: '新增分类' }).click();
    await expect(drawer.locator('.ant-drawer-title')).toHaveText('新增分类');
    await drawer.getByRole('button', { name: btnName('保存') }).click();
    await expect(fieldError(page, '请输入分类名称')).toBeVisible();
    await drawer.getByLabel('分类名称').fill(parent);
    await drawer.getByLabel('排序').fill('1');
    await drawer.getByRole('button', { name: btnName('保存') }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(drawer).toBeHidden();
    await expect(row(page, parent)).toContainText('1级');
  });

  await test.step('two children under it; a third of the same name is refused under the field', async () => {
    for (const child of ['苹果', '香蕉']) {
      await row(page, parent).getByRole('button', { name: '添加子分类' }).click();
      await expect(drawer.locator('.ant-drawer-title')).toHaveText('添加子分类');
      await expect(drawer.locator('.ant-select-selection-item')).toHaveText(parent);
      await drawer.getByLabel('分类名称').fill(child);
      await drawer.getByRole('button', { name: btnName('保存') }).click();
      await expect(drawer).toBeHidden();
      await expect(row(page, child)).toContainText('2级');
    }
    await row(page, parent).getByRole('button', { name: '添加子分类' }).click();
    await drawer.getByLabel('分类名称').fill('苹果');
    await drawer.getByRole('button', { name: btnName('保存') }).click();
    await expect(fieldError(page, '同级分类名称已存在')).toBeVisible();
    await shot(page, 'goods-category-drawer');
    await drawer.getByRole('button', { name: btnName('取消') }).click();
    await expect(drawer).toBeHidden();
  });

  await test.step('dragging 香蕉 onto 苹果 puts it first; the arrow puts it back', async () => {
    const childOrder = async () => (await names(page)).filter((n) => n === '苹果' || n === '香蕉');
    expect(await childOrder()).toEqual(['苹果', '香蕉']);
    await row(page, '香蕉').dragTo(row(page, '苹果'));
    await expect(toast(page, '排序成功')).toBeVisible();
    await expect.poll(childOrder).toEqual(['香蕉', '苹果']);
    await row(page, '香蕉').getByRole('button', { name: '下移' }).click();
    await expect.poll(childOrder).toEqual(['苹果', '香蕉']);
    await expect(row(page, '苹果').getByRole('button', { name: '上移' })).toBeDisabled();
  });

  await test.step('disabling the parent disables its children; it cannot be deleted while it has them', async () => {
    await row(page, parent).getByRole('switch').click();
    await confirmDialog(page, `确定禁用分类「${parent}」?`);
    await expect(toast(page, '禁用成功')).toBeVisible();
    for (const name of [parent, '苹果', '香蕉']) await expect(row(page, name).getByRole('switch')).not.toBeChecked();
    await row(page, parent).getByRole('button', { name: '删除' }).click();
    await confirmDialog(page, '确定删除当前当前数据?');
    await expect(toast(page, `分类「${parent}」下还有子分类，请先删除子分类`)).toBeVisible();
    await shot(page, 'goods-catelist');
  });

  await test.step('the status filter keeps the parents of what it finds', async () => {
    await page
      .locator('.ant-select')
      .filter({ has: page.getByRole('combobox', { name: '状态' }) })
      .click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item').filter({ hasText: '禁用' }).click();
    await expect(row(page, parent)).toBeVisible();
    await expect(row(page, '苹果')).toBeVisible();
    await expect(row(page, '烘焙')).toHaveCount(0);
    await page.getByRole('button', { name: btnName('重置') }).click();
    await expect(row(page, '烘焙')).toBeVisible();
  });

  await test.step('the children, then the parent, are deleted', async () => {
    for (const name of ['苹果', '香蕉', parent]) {
      await row(page, name).getByRole('button', { name: '删除' }).click();
      await confirmDialog(page, '确定删除当前当前数据?');
      await expect(toast(page, '删除成功!').last()).toBeVisible();
      await expect(row(page, name)).toHaveCount(0);
    }
  });

  await test.step('a new unit goes last, moves to the top, and is disabled', async () => {
    await openMenu(page, '商品', '商品单位');
    await expect(page).toHaveURL(/\/Unit$/);
    await expect(page).toHaveTitle(`商品单位 - ${DEMO.shop}`);
    await expect(page.getByText('共有 8 条')).toBeVisible();
    await page.getByRole('button', { name: '新增单位' }).click();
    const dialog = page.getByRole('dialog', { name: '新增单位' });
    await dialog.getByLabel('单位名称').fill('个');
    await dialog.getByRole('button', { name: btnName('保存') }).click();
    await expect(fieldError(page, '单位名称已存在')).toBeVisible();
    await dialog.getByLabel('单位名称').fill(unit);
    await dialog.getByRole('button', { name: btnName('保存') }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await names(page, 2)).at(-1)).toBe(unit);

    await row(page, unit).getByRole('button', { name: '置顶' }).click();
    await expect(toast(page, '置顶成功')).toBeVisible();
    await expect.poll(async () => (await names(page, 2))[0]).toBe(unit);
    await expect(row(page, unit).getByRole('button', { name: '上移' })).toBeDisabled();
    await row(page, unit).getByRole('switch').click();
    await expect(toast(page, '禁用成功')).toBeVisible();
    await expect(row(page, unit).getByRole('switch')).not.toBeChecked();
    await shot(page, 'goods-unit');
  });
});
