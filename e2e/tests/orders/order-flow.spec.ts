import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { pngBuffer } from '../../support/forms';
import { smsCode, smsCodes } from '../../support/server';
import { h5Call } from '../../support/shop-member';
import { apiCall, btnName, freshPhone, loginWithPassword, shot, toast } from '../../support/ui';

const DEMO = { phone: '13800138000', password: 'demo1234' };
const GOODS = '法式黄油可颂';

/** The shop's toast (apps/shop ui.tsx). */
const h5Toast = (page: Page, text: string | RegExp) => page.locator('.toast').filter({ hasText: text });

// Issue 15's whole flow, both sides in the browser: a customer orders in the H5 shop and pays in the sandbox; the
// order reaches the merchant's list with a notice; the merchant ships it; the customer asks for a refund; the merchant
// agrees; the customer's pages and the console both show the refund.
test('an order from the H5 shop to the console and back: paid, noticed, shipped, refunded on request', async ({
  page,
  customer,
  request,
}) => {
  const login = await apiCall<{ self: { shopID: string } }>(request, '/api/Login/LoginByPwd', { phone: DEMO.phone, pwd: DEMO.password });
  const base = `/h5/shop/${login.self.shopID}`;
  const goods = await h5Call<{ rows: { id: string; title: string }[] }>(request, login.self.shopID, '/h5/Goods/GetList', {
    page_index: 1,
    page_size: 50,
  });
  const goodsId = goods.rows.find((g) => g.title === GOODS)?.id ?? '';
  expect(goodsId, `${GOODS} is on sale in the demo shop`).not.toBe('');
  const phone = freshPhone();
  let orderNo = '';

  await test.step('the merchant keeps 商品订单 open', async () => {
    await loginWithPassword(page, DEMO.phone, DEMO.password);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/GoodsOrderList');
    await expect(page.getByRole('tab', { name: /^待发货 \(\d+\+?\)$/ })).toBeVisible();
  });

  await test.step('the customer buys at once (立即购买), logging in by SMS, with a new address', async () => {
    await customer.goto(`${base}/goods/${goodsId}`);
    await customer.getByRole('button', { name: '立即购买' }).click();
    await customer.getByRole('dialog', { name: '选择规格' }).getByRole('button', { name: '立即购买' }).click();
    const sheet = customer.getByRole('dialog', { name: '登录' });
    await sheet.getByLabel('手机号').fill(phone);
    const before = smsCodes(phone).length;
    await sheet.getByRole('button', { name: '获取验证码' }).click();
    await sheet.getByLabel('验证码').fill(await smsCode(phone, { after: before }));
    await sheet.getByRole('button', { name: '登录 / 注册' }).click();
    await expect(customer).toHaveURL(/\/checkout\?sku=/);
    await customer.getByRole('button', { name: '收货地址' }).click();
    await customer.getByRole('button', { name: '新增收货地址' }).click();
    await customer.getByLabel('收货人').fill('赵六');
    await customer.getByLabel('手机号').fill('13912345678');
    await customer.getByLabel('所在地区省份').selectOption({ label: '广东省' });
    await customer.getByLabel('所在地区城市').selectOption({ label: '深圳市' });
    await customer.getByLabel('所在地区区县').selectOption({ label: '南山区' });
    await customer.getByLabel('详细地址').fill('科技园南区2栋202');
    await customer.getByRole('button', { name: '保存' }).click();
    await expect(customer.getByRole('button', { name: '收货地址' })).toContainText('赵六');
    await customer.getByRole('button', { name: '提交订单' }).click();
    await expect(customer).toHaveTitle('沙箱支付');
    await customer.getByRole('button', { name: '确认支付' }).click();
    await expect(customer.locator('.s-state-title')).toHaveText('待发货');
    orderNo = ((await customer.getByLabel('订单信息').locator('p').first().textContent()) ?? '').replace('订单编号', '');
    expect(orderNo).toMatch(/^G\d+$/);
  });

  await test.step('the merchant is told at once, and the order waits in 待发货', async () => {
    const notice = page.locator('.ant-notification-notice').filter({ hasText: '新订单' });
    await expect(notice).toContainText(`订单 ${orderNo} 已付款`);
    await shot(page, 'order-flow-notice');
    await page.getByPlaceholder('订单编号 / 买家手机号 / 商品名称').fill(orderNo);
    await page.getByRole('button', { name: btnName('查询') }).click();
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: orderNo });
    await expect(row).toContainText('待发货');
    await row.getByRole('button', { name: '详情' }).click();
  });

  await test.step('the merchant ships it', async () => {
    await expect(page.locator('.ant-card-head').first()).toContainText(`订单 ${orderNo}`);
    await page.getByRole('button', { name: btnName('发货') }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '本包裹数量' });
    await dialog.getByRole('combobox', { name: '包裹1快递公司' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '中通快递' }).click();
    await dialog.getByLabel('包裹1快递单号').fill('ZTO7300012345');
    await dialog.getByRole('button', { name: '确认发货' }).click();
    await expect(toast(page, '发货成功')).toBeVisible();
    await expect(page.locator('.ant-card-head').getByText('已发货', { exact: true })).toBeVisible();
  });

  let refund = '';
  await test.step('the customer sees the parcel and asks for a refund (仅退款)', async () => {
    await customer.reload();
    await expect(customer.locator('.s-state-title')).toHaveText('已发货');
    await expect(customer.getByLabel('包裹')).toContainText('中通快递 ZTO7300012345');
    await customer.getByRole('link', { name: '申请售后' }).click();
    await expect(customer).toHaveURL(/\/aftersale\/apply\?order=/);
    await customer.getByRole('radio', { name: '仅退款' }).click();
    await customer.getByRole('button', { name: '提交申请' }).click();
    await expect(customer.locator('.field-error').filter({ hasText: '请选择申请原因' })).toBeVisible();
    await customer.getByLabel('申请原因').selectOption('商品与描述不符');
    await customer.getByLabel('问题描述').fill('收到的可颂压扁了');
    // A photo of the damage (凭证图片), uploaded as the member.
    await customer.locator('#as-images').setInputFiles({ name: 'crushed.png', mimeType: 'image/png', buffer: pngBuffer(64) });
    await expect(customer.getByAltText('凭证图片1')).toBeVisible();
    await shot(customer, 'order-flow-apply');
    await customer.getByRole('button', { name: '提交申请' }).click();
    await expect(h5Toast(customer, '售后申请已提交')).toBeVisible();
    await expect(customer.locator('.s-state-title')).toHaveText('待商家处理');
    await expect(customer.getByLabel('协商历史')).toContainText('买家申请售后');
    await expect(customer.getByLabel('凭证图片').getByRole('img')).toHaveCount(1);
  });

  await test.step('the merchant agrees and refunds it in 售后维权', async () => {
    await page.goto('/SalesProtection');
    await page.getByPlaceholder('售后单号 / 订单编号 / 买家手机号').fill(orderNo);
    await page.getByRole('button', { name: btnName('查询') }).click();
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: orderNo });
    await expect(row).toContainText('仅退款');
    await row.getByRole('link', { name: '处理' }).click();
    await expect(page.getByText('收到的可颂压扁了', { exact: true })).toBeVisible();
    const evidence = page.locator('.ant-descriptions-item').filter({ hasText: '凭证图片' }).locator('img');
    await expect(evidence).toHaveCount(1);
    await expect(evidence).toHaveJSProperty('complete', true);
    expect(await evidence.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    await shot(page, 'order-flow-console-after-sale');
    await page.getByRole('button', { name: btnName('同意') }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '同意退款' });
    // What the request may get back: the goods bought (the freight of a shipped order stays with the merchant).
    refund = await dialog.getByLabel('退款金额').inputValue();
    expect(Number(refund)).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: '同意并退款' }).click();
    await page
      .locator('.ant-modal-confirm')
      .filter({ hasText: '确认退款' })
      .getByRole('button', { name: btnName('确认退款') })
      .click();
    await expect(toast(page, '已同意并退款')).toBeVisible();
    await expect(page.locator('.ant-card-head').getByText('已完成', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: orderNo }).click();
    await expect(page.locator('.ant-descriptions-item').filter({ hasText: '已退款' }).first()).toContainText(`¥${refund}`);
    await shot(page, 'order-flow-console-refunded');
  });

  await test.step('the customer sees the refund on the request and on the order', async () => {
    await customer.reload();
    await expect(customer.locator('.s-state-title')).toHaveText('已完成');
    await expect(customer.locator('.s-figures')).toContainText(`已退款¥${refund}`);
    await shot(customer, 'order-flow-h5-refunded');
    await customer.getByLabel('售后信息').getByRole('link', { name: orderNo }).click();
    await expect(customer.locator('.s-figures')).toContainText(`已退款¥${refund}`);
    await expect(customer.getByLabel('售后记录')).toContainText('已完成');
    await customer.goto(`${base}/aftersales`);
    await expect(customer.getByLabel(/^售后 S/).first()).toContainText(`已退款 ¥${refund}`);
  });
});
