import { generateKeyPairSync } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { openMenu } from '../../support/forms';
import { btnName, createMerchant, fieldError, loginWithPassword, settle, shot, toast } from '../../support/ui';

/** The form item (label and control) with this label. */
function item(scope: Page | Locator, label: string): Locator {
  const page = 'page' in scope ? scope.page() : scope;
  return scope.locator('.ant-form-item').filter({ has: page.locator('.ant-form-item-label label', { hasText: new RegExp(`^${label}$`) }) });
}

/** Picks province, city and district in the area cascader of a form item. */
async function pickArea(page: Page, scope: Page | Locator, path: string[]) {
  await item(scope, '所在地区').locator('.ant-select-selector').click();
  for (const name of path)
    await page
      .locator('.ant-cascader-menu-item')
      .filter({ hasText: new RegExp(`^${name}$`) })
      .click();
  await expect(item(scope, '所在地区').locator('.ant-select-selection-item')).toHaveText(path.join(' / '));
}

const save = (scope: Page | Locator) => scope.getByRole('button', { name: btnName('保存') }).click();

/** The address table row of a contact. */
const addressRow = (page: Page, name: string) =>
  page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.locator('td').first().filter({ hasText: name }) });

/** The 默认 tag beside a contact's name. */
const defaultTag = (page: Page, name: string) =>
  addressRow(page, name)
    .locator('.ant-tag')
    .filter({ hasText: /^默认$/ });

// A new merchant (so the demo shop keeps its settings) fills in each 店铺设置 screen the way an owner does.
test('a merchant sets up store info, return addresses, WeChat Pay and the service phone', async ({ page, request }) => {
  const merchant = await createMerchant(request, '设置测试店');
  await loginWithPassword(page, merchant.phone, merchant.pwd);
  await expect(page).toHaveURL(/\/dashboard$/);

  await test.step('店铺信息: a bad phone is refused under the field, then everything saves and stays after a reload', async () => {
    await openMenu(page, '设置', '店铺信息');
    await expect(page).toHaveURL(/\/storeInformation$/);
    await expect(page).toHaveTitle('店铺信息 - 设置测试店');
    await expect(item(page, '店铺名称').locator('input')).toHaveValue('设置测试店');
    await item(page, '店铺名称').locator('input').fill('设置测试店·西湖店');
    await item(page, '联系电话').locator('input').fill('12345');
    await save(page);
    await expect(fieldError(page, '联系电话格式不正确，请填写手机号或固话（如 0571-88888888）')).toBeVisible();
    await item(page, '联系电话').locator('input').fill('0571-88888888');
    await pickArea(page, page, ['浙江省', '杭州市', '西湖区']);
    await item(page, '详细地址').locator('input').fill('文三路 100 号');
    await page.getByPlaceholder('如 120.155070').fill('120.13');
    await save(page);
    await expect(fieldError(page, '经度和纬度须同时填写')).toBeVisible();
    await page.getByPlaceholder('如 30.274084').fill('30.28');
    await item(page, '营业时间').locator('input').fill('周一至周日 09:00-22:00');
    await save(page);
    await expect(toast(page, '保存成功').last()).toBeVisible();
    await shot(page, 'shop-store-info');
    await page.reload();
    await expect(item(page, '店铺名称').locator('input')).toHaveValue('设置测试店·西湖店');
    await expect(item(page, '联系电话').locator('input')).toHaveValue('0571-88888888');
    await expect(item(page, '所在地区').locator('.ant-select-selection-item')).toHaveText('浙江省 / 杭州市 / 西湖区');
    await expect(page.getByPlaceholder('如 30.274084')).toHaveValue('30.280000');
  });

  await test.step('退货地址: the first address is the default; 设为默认 moves it to the second', async () => {
    await openMenu(page, '设置', '退货地址');
    await expect(page).toHaveURL(/\/editreaddress$/);
    await expect(page.getByText('还没有退货地址，点击「新增退货地址」添加')).toBeVisible();
    const dialog = page.locator('.ant-modal-content');
    for (const [name, phone] of [
      ['王仓管', '13912345678'],
      ['李售后', '0571-87654321'],
    ]) {
      await page.getByRole('button', { name: '新增退货地址' }).click();
      await expect(dialog.locator('.ant-modal-title')).toHaveText('新增退货地址');
      // A click while the dialog still zooms open can land beside the button on a loaded machine.
      await settle(page);
      await save(dialog);
      await expect(dialog.locator('.ant-form-item-explain-error').filter({ hasText: '请输入联系人' })).toBeVisible();
      await item(dialog, '联系人').locator('input').fill(name);
      await item(dialog, '联系电话').locator('input').fill(phone);
      await pickArea(page, dialog, ['广东省', '深圳市', '南山区']);
      await item(dialog, '详细地址').locator('textarea').fill(`${name}的仓库`);
      if (name === '王仓管') await shot(page, 'shop-return-address-dialog');
      await save(dialog);
      await expect(toast(page, '保存成功').last()).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(addressRow(page, name)).toContainText(`广东省 深圳市 南山区 ${name}的仓库`);
    }
    await expect(defaultTag(page, '王仓管')).toBeVisible();
    await expect(defaultTag(page, '李售后')).toBeHidden();
    await addressRow(page, '李售后').getByRole('button', { name: '设为默认' }).click();
    await expect(toast(page, '设置成功')).toBeVisible();
    await expect(defaultTag(page, '李售后')).toBeVisible();
    await expect(defaultTag(page, '王仓管')).toBeHidden();
    await expect(addressRow(page, '王仓管').getByRole('button', { name: '设为默认' })).toBeVisible();
    // The default is listed first.
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText('李售后');
    await shot(page, 'shop-return-addresses');
  });

  await test.step('支付方式: WeChat Pay needs its settings; after saving, the secrets show as 已设置', async () => {
    const pem = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await openMenu(page, '设置', '支付方式');
    await expect(page).toHaveURL(/\/paymentMethod$/);
    await expect(item(page, 'APIv3密钥')).toContainText('未设置');
    await item(page, '微信支付').getByRole('switch').click();
    await save(page);
    await expect(fieldError(page, '开启微信支付须填写商户号')).toBeVisible();
    await expect(fieldError(page, '开启微信支付须填写商户私钥')).toBeVisible();
    await item(page, '商户号').locator('input').fill('1900000109');
    await item(page, 'APIv3密钥').locator('input').fill('Abcdefghij0123456789KLMNOPQRSTUV');
    await item(page, '证书序列号').locator('input').fill('3775B6A45ACD588826D15E583A95F5DD12345678');
    await item(page, '商户私钥').locator('textarea').fill(pem);
    await save(page);
    await expect(toast(page, '保存成功').last()).toBeVisible();
    await page.reload();
    await expect(item(page, '微信支付').getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    await expect(item(page, '商户号').locator('input')).toHaveValue('1900000109');
    await expect(item(page, 'APIv3密钥')).toContainText('已设置');
    await expect(item(page, '商户私钥')).toContainText('已设置');
    await expect(item(page, 'APIv3密钥').locator('input')).toHaveValue('');
    await expect(item(page, '商户私钥').locator('textarea')).toHaveValue('');
    await shot(page, 'shop-payment-method');
    // Saving again with the secrets left empty keeps them.
    await save(page);
    await expect(toast(page, '保存成功').last()).toBeVisible();
    await expect(item(page, 'APIv3密钥')).toContainText('已设置');
  });

  await test.step('通用设置: the new service phone reaches the trial banner without a reload', async () => {
    await openMenu(page, '设置', '通用设置');
    await expect(page).toHaveURL(/\/currency$/);
    // Only what something uses: the goods-order rules came back with goods orders (issue 15); no stock or points timing.
    await expect(page.getByText('分钟后自动取消')).toBeVisible();
    await expect(page.getByText('库存扣减时机')).toHaveCount(0);
    await item(page, '客服电话').locator('input').fill('110');
    await save(page);
    await expect(fieldError(page, '客服电话格式不正确，请填写手机号或固话（如 0571-88888888）')).toBeVisible();
    await item(page, '客服电话').locator('input').fill('400-800-1234');
    await save(page);
    await expect(toast(page, '保存成功').last()).toBeVisible();
    await expect(page.locator('.ant-alert-banner')).toContainText('客服电话 400-800-1234');
    await shot(page, 'shop-general-set');
    await page.reload();
    await expect(item(page, '客服电话').locator('input')).toHaveValue('400-800-1234');
  });
});
