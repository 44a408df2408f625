import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { openMenu, pngBuffer } from '../../support/forms';
import { btnName, fieldError, loginWithPassword, shot, toast } from '../../support/ui';

const DEMO = { phone: '13800138000', password: 'demo1234', shop: '演示店铺' };

/** Five base-36 characters no other run of this test uses. */
const tag = () => (Date.now() % 36 ** 5).toString(36).padStart(5, '0');

function row(page: Page, title: string): Locator {
  return page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByText(title, { exact: true }) });
}

async function search(page: Page, title: string) {
  await page.getByPlaceholder('积分商品名称').fill(title);
  await page.getByPlaceholder('积分商品名称').press('Enter');
}

// The demo owner adds a points goods (points + cash, an uploaded main image, linked to the croissant), finds it in
// /AGood, takes it off the shelf, sets 购物返积分 and sees it kept after a reload, then deletes the goods again.
test('a merchant adds a points goods, takes it off the shelf and sets the return-points rule', async ({ page }) => {
  const title = `积分水杯${tag()}`;

  await test.step('the points mall opens from the menu', async () => {
    await loginWithPassword(page, DEMO.phone, DEMO.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openMenu(page, '商品', '积分商城商品');
    await expect(page).toHaveURL(/\/AGood$/);
    await expect(page).toHaveTitle(`积分商城商品 - ${DEMO.shop}`);
    for (const tab of ['全部', '上架中', '已下架', '已兑完']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  });

  await test.step('添加积分商品: required fields are marked inline', async () => {
    await page.getByRole('button', { name: '添加积分商品' }).click();
    await expect(page).toHaveURL(/\/AGoodEdit$/);
    await page.getByRole('button', { name: btnName('保存') }).click();
    await expect(fieldError(page, '请输入商品名称')).toBeVisible();
    await expect(fieldError(page, '请输入兑换积分')).toBeVisible();
    await expect(fieldError(page, '请输入库存')).toBeVisible();
  });

  await test.step('fill it in, with an uploaded main image and a linked goods', async () => {
    await page.getByLabel('商品名称').fill(title);
    await page.getByRole('combobox', { name: '关联商品' }).fill('可颂');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: '法式黄油可颂' })
      .click();
    await page.getByLabel('兑换积分').fill('200');
    await page.getByLabel('现金').fill('9.9');
    await page.getByLabel('市场价').fill('39');
    await page.getByRole('spinbutton', { name: '库存' }).fill('20');
    await page.getByRole('spinbutton', { name: '每人限兑' }).fill('2');
    await page.getByRole('button', { name: '选择图片' }).first().click();
    const picker = page.getByRole('dialog', { name: '选择图片' });
    await picker.getByRole('tab', { name: '本地上传' }).click();
    await picker.locator('input[type=file]').setInputFiles({ name: `${title}.png`, mimeType: 'image/png', buffer: pngBuffer(200) });
    await expect(picker.getByRole('button', { name: /确定（1）/ })).toBeEnabled();
    await picker.getByRole('button', { name: /确定/ }).click();
    await expect(picker).toBeHidden();
    await expect(page.locator('.media-picked-item img').first()).toHaveAttribute('src', /^\/file\/.+\.png$/);
    await shot(page, 'points-goods-edit');
    await page.getByRole('button', { name: btnName('保存') }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(page).toHaveURL(/\/AGood$/);
  });

  await test.step('the list shows it on the shelf with points + cash, stock and its image', async () => {
    await search(page, title);
    await expect(row(page, title)).toContainText('200积分+9.90元');
    await expect(row(page, title)).toContainText('每人限兑2件');
    await expect(row(page, title).locator('td').nth(2)).toHaveText('20');
    await expect(row(page, title).locator('img')).toHaveAttribute('src', /^\/file\//);
    await expect(row(page, title).getByRole('switch')).toBeChecked();
    await page.getByRole('tab', { name: '上架中' }).click();
    await expect(row(page, title)).toBeVisible();
    await shot(page, 'points-goods-list');
  });

  await test.step('the edit page shows what was saved', async () => {
    await row(page, title)
      .getByRole('button', { name: btnName('编辑') })
      .click();
    await expect(page).toHaveURL(/\/AGoodEdit\?id=/);
    await expect(page.getByLabel('商品名称')).toHaveValue(title);
    await expect(page.getByLabel('兑换积分')).toHaveValue('200');
    await expect(page.getByLabel('现金')).toHaveValue('9.9');
    await expect(page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: '关联商品' }) })).toContainText(
      '法式黄油可颂',
    );
    await page.getByRole('button', { name: btnName('取消') }).click();
    // Back on the list as it was left: the keyword and the 上架中 tab are kept in the address.
    await expect(page).toHaveURL(/\/AGood\?keyword=[^&]+&status=on_sale$/);
    await expect(page.getByRole('tab', { name: '上架中', selected: true })).toBeVisible();
    await expect(row(page, title)).toBeVisible();
  });

  await test.step('off the shelf, it moves to 已下架', async () => {
    await search(page, title);
    await row(page, title).getByRole('switch').click();
    await expect(toast(page, '下架成功')).toBeVisible();
    // The list is still on 上架中 (kept in the address), which it leaves.
    await expect(page.getByRole('tab', { name: '上架中', selected: true })).toBeVisible();
    await expect(row(page, title)).toHaveCount(0);
    await page.getByRole('tab', { name: '已下架' }).click();
    await expect(row(page, title)).toBeVisible();
    await expect(row(page, title).getByRole('switch')).not.toBeChecked();
  });

  await test.step('购物返积分 is saved and still there after a reload', async () => {
    await page.getByRole('tab', { name: '购物返积分设置' }).click();
    await expect(page).toHaveURL(/\/AGood\?(.*&)?tab=returnScore(&|$)/);
    const enabled = page.getByRole('switch', { name: '购物返积分' });
    if (!(await enabled.isChecked())) await enabled.click();
    await page.getByLabel('每消费1元返积分').fill('3');
    await page.getByRole('radio', { name: '售后期结束后' }).check();
    await page.getByLabel('每单最多返积分').fill('');
    await page.getByRole('button', { name: btnName('保存设置') }).click();
    await expect(fieldError(page, '请输入每单上限')).toBeVisible();
    await page.getByLabel('每单最多返积分').fill('500');
    await page.getByRole('button', { name: btnName('保存设置') }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: '购物返积分' })).toBeChecked();
    await expect(page.getByLabel('每消费1元返积分')).toHaveValue('3');
    await expect(page.getByRole('radio', { name: '售后期结束后' })).toBeChecked();
    await expect(page.getByLabel('每单最多返积分')).toHaveValue('500');
    await shot(page, 'points-return-score');
    // Put 演示店铺 back as it was: off.
    await page.getByRole('switch', { name: '购物返积分' }).click();
    await page.getByRole('button', { name: btnName('保存设置') }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
  });

  await test.step('the goods is deleted after the confirm', async () => {
    await page.getByRole('tab', { name: '积分商品' }).click();
    await search(page, title);
    await row(page, title)
      .getByRole('button', { name: btnName('删除') })
      .click();
    const pop = page.locator('.ant-popover:not(.ant-popover-hidden)').filter({ hasText: '确定删除该积分商品?' });
    await pop.getByRole('button', { name: btnName('确定') }).click();
    await expect(toast(page, '删除成功!')).toBeVisible();
    await expect(row(page, title)).toHaveCount(0);
    await expect(page.getByText('暂无积分商品，点击「添加积分商品」添加')).toBeVisible();
  });
});
