import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { openMenu } from '../../support/forms';
import { btnName, createMerchant, loginWithPassword, shot, toast } from '../../support/ui';

/** The form item (label and control) with this label. */
function item(scope: Page | Locator, label: string): Locator {
  const page = 'page' in scope ? scope.page() : scope;
  return scope.locator('.ant-form-item').filter({ has: page.locator('.ant-form-item-label label', { hasText: new RegExp(`^${label}$`) }) });
}

const tableRow = (page: Page, text: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });

// A merchant of its own: turns on 到店自提 and adds a pick-up point, creates a weight template with a rule for 广东,
// charges a new goods by it, and buys 100 electronic waybills in the sandbox.
test('delivery: 到店自提 with a pick-up point, a weight freight template on a goods, a waybill package bought', async ({
  page,
  request,
  customer,
}) => {
  test.setTimeout(180_000);
  const m = await createMerchant(request, `配送测试店${Date.now() % 100000}`);
  await loginWithPassword(page, m.phone, m.pwd);
  await expect(page).toHaveURL(/\/dashboard$/);

  await test.step('配送设置: 到店自提 on, then a pick-up point', async () => {
    await openMenu(page, '订单', '配送设置');
    await expect(page).toHaveURL(/\/distributionSet$/);
    await page.getByRole('tab', { name: '到店自提' }).click();
    const sw = page.getByRole('switch', { name: '到店自提' });
    await expect(sw).not.toBeChecked();
    await sw.click();
    await expect(toast(page, '已开启到店自提')).toBeVisible();
    await expect(sw).toBeChecked();
    await expect(page.getByText('还没有自提点，点击「新增自提点」添加')).toBeVisible();
    await page.getByRole('button', { name: '新增自提点' }).click();
    await expect(page).toHaveURL(/\/EditPickUp$/);
    await page.getByRole('button', { name: btnName('保存') }).click();
    await expect(item(page, '自提点名称').locator('.ant-form-item-explain-error')).toHaveText('请输入自提点名称');
    await page.getByLabel('自提点名称').fill('南山自提点');
    await item(page, '所在地区').locator('.ant-select-selector').click();
    for (const name of ['广东省', '深圳市', '南山区'])
      await page
        .locator('.ant-cascader-menu-item')
        .filter({ hasText: new RegExp(`^${name}$`) })
        .click();
    await page.getByLabel('详细地址').fill('科技园南区 8 号');
    await page.getByLabel('经度').fill('113.9465');
    await page.getByLabel('纬度').fill('22.5405');
    await page.getByLabel('联系电话').fill('0755-86668888');
    await shot(page, 'delivery-edit-pickup');
    await page.getByRole('button', { name: btnName('保存') }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(page).toHaveURL(/\/distributionSet$/);
    await page.getByRole('tab', { name: '到店自提' }).click();
    const row = tableRow(page, '南山自提点');
    await expect(row).toContainText('广东省 深圳市 南山区 科技园南区 8 号');
    await expect(row).toContainText('每天 09:00-18:00');
    await shot(page, 'delivery-pickup-list');
  });

  await test.step('运费模板: by weight, with a rule for 广东', async () => {
    await openMenu(page, '订单', '运费模板');
    await expect(page).toHaveURL(/\/NewFreightTem$/);
    await page.getByRole('button', { name: '新建运费模板' }).click();
    const drawer = page.getByRole('dialog', { name: '新建运费模板' });
    await drawer.getByLabel('模板名称').fill('按重量计费');
    await drawer.getByRole('radio', { name: '按重量' }).check();
    await drawer.getByLabel('首重').fill('1');
    await drawer.getByLabel('首费').fill('12');
    await drawer.getByLabel('续重').fill('0.5');
    await drawer.getByLabel('续费').fill('4');
    await drawer.getByRole('button', { name: '添加指定区域' }).click();
    const region = drawer.locator('.ant-card').filter({ hasText: '区域 1' });
    await region.locator('.ant-select-selector').click();
    await page
      .locator('.ant-cascader-menu-item')
      .filter({ hasText: /^广东省$/ })
      .locator('.ant-cascader-checkbox')
      .click();
    await expect(region.locator('.ant-select-selector')).toContainText('广东省');
    await page.keyboard.press('Escape');
    await region.getByLabel('首费').click();
    await region.getByLabel('首费').fill('8');
    await region.getByLabel('续费').fill('2');
    await shot(page, 'delivery-freight-editor');
    // The pick-up point's 保存成功 is gone first: two at once are ambiguous.
    await expect(toast(page, '保存成功')).toHaveCount(0);
    await drawer.getByRole('button', { name: btnName('保存') }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    const row = tableRow(page, '按重量计费');
    await expect(row).toContainText('默认：首重 1 kg ¥12.00，续重每 0.5 kg ¥4.00');
    await expect(row).toContainText('广东省：首重 1 kg ¥8.00，续重每 1 kg ¥2.00');
    await shot(page, 'delivery-freight-list');
  });

  await test.step('a goods charged by the template', async () => {
    await page.goto('/addgoods');
    await page.getByLabel('商品名称').fill('铸铁锅');
    await page.getByLabel('价格', { exact: true }).fill('199');
    await page.getByLabel('库存', { exact: true }).fill('10');
    await page.getByRole('radio', { name: '运费模板' }).check();
    await page.getByRole('combobox', { name: '运费模板' }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: '按重量计费（按重量）' }).click();
    await expect(toast(page, '保存成功')).toHaveCount(0);
    await page.getByRole('button', { name: btnName('保存') }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await page.goto('/Goodlist');
    await tableRow(page, '铸铁锅').getByRole('button', { name: '编辑' }).click();
    await expect(page).toHaveURL(/\/editfrom\?id=/);
    await expect(page.getByRole('radio', { name: '运费模板' })).toBeChecked();
    await expect(item(page, '运费设置')).toContainText('按重量计费（按重量）');
  });

  await test.step('快递购买记录: 100 waybills bought in the sandbox', async () => {
    await openMenu(page, '订单', '快递购买记录');
    await expect(page).toHaveURL(/\/Express\/buyrecord$/);
    await expect(page.getByText('还没有购买记录')).toBeVisible();
    await page.getByRole('button', { name: '购买电子面单' }).click();
    const dialog = page.getByRole('dialog', { name: '购买电子面单' });
    await expect(dialog.getByRole('alert')).toHaveText('当前为支付沙箱环境，付款不会真实扣款');
    await expect(dialog.getByTestId('waybill-quota')).toHaveText('0');
    await dialog
      .locator('.ant-card')
      .filter({ hasText: '电子面单100单' })
      .getByRole('button', { name: btnName('立即购买') })
      .click();
    await expect(dialog.getByRole('img', { name: '支付二维码' })).toBeVisible();
    await expect(dialog.getByTestId('buy-total')).toHaveText('¥10.00');
    const link = (await dialog.getByRole('link', { name: '在新窗口打开支付页面' }).getAttribute('href')) ?? '';
    await shot(page, 'delivery-buy-qr');
    await customer.goto(link);
    await expect(customer).toHaveTitle('沙箱支付');
    await customer.getByRole('button', { name: '确认支付' }).click();
    await expect(customer.getByText('✓ 支付成功')).toBeVisible();
    await expect(toast(page, '支付成功')).toBeVisible({ timeout: 12_000 });
    await dialog.getByRole('button', { name: 'Close' }).click();
    const row = tableRow(page, '电子面单100单');
    await expect(row).toContainText('已支付');
    await expect(row).toContainText('¥10.00');
    await expect(page.getByText(/剩余电子面单：\s*100\s*单/)).toBeVisible();
    await shot(page, 'delivery-buy-record');
  });
});
