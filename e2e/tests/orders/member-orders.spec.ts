import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { smsCode, smsCodes } from '../../support/server';
import { apiCall, freshPhone, loginWithPassword, shot } from '../../support/ui';

const DEMO = { phone: '13800138000', password: 'demo1234' };
/** The demo enterprise's paid level (apps/server/src/demo/seed-members.ts DEMO_PAID_LEVEL). */
const LEVEL = { name: '黑卡会员', price: /¥199(\.00)?/ };

/** Logs a customer in to the member centre with the SMS code the dev provider wrote to the server log. */
async function memberLogin(customer: Page, phone: string) {
  await customer.getByLabel('手机号').fill(phone);
  const before = smsCodes(phone).length;
  await customer.getByRole('button', { name: '获取验证码' }).click();
  await customer.getByLabel('验证码').fill(await smsCode(phone, { after: before }));
  await customer.getByRole('button', { name: '登录 / 注册' }).click();
}

// A customer of 演示店铺 opens the member centre, logs in by SMS, buys the paid level 黑卡会员 and pays on the sandbox
// page; back in the centre the level is granted. The merchant finds the order in 等级订单 by the phone and opens it.
test('a member buys a paid level in the member centre; the merchant sees the order and its detail', async ({ page, customer, request }) => {
  const phone = freshPhone();
  const { self } = await apiCall<{ self: { shopID: string } }>(request, '/api/Login/LoginByPwd', { phone: DEMO.phone, pwd: DEMO.password });
  let orderNo = '';

  await test.step('the customer logs in to the member centre by SMS', async () => {
    await customer.goto(`/h5/shop/${self.shopID}/member`);
    await expect(customer.getByText('登录后查看会员等级、成长值与权益')).toBeVisible();
    await memberLogin(customer, phone);
    await expect(customer.getByRole('heading', { name: '付费等级' })).toBeVisible();
    await shot(customer, 'member-orders-h5-centre');
  });

  await test.step('buys 黑卡会员 and pays on the sandbox page', async () => {
    const card = customer.locator('.vip-card').filter({ hasText: LEVEL.name });
    await expect(card).toContainText(LEVEL.price);
    await card.getByRole('button', { name: '开通' }).click();
    const panel = customer.getByLabel('支付订单');
    await expect(panel.locator('.result-title')).toHaveText('待支付');
    const no = await panel.getByText(/^订单号 LV\d+$/).textContent();
    orderNo = (no ?? '').replace('订单号 ', '');
    expect(orderNo).toMatch(/^LV\d+$/);
    await shot(customer, 'member-orders-h5-pay-step');
    await panel.getByRole('link', { name: '去支付' }).click();
    await expect(customer).toHaveTitle('沙箱支付');
    await expect(customer.locator('.amount')).toHaveText('¥199.00');
    await shot(customer, 'member-orders-sandbox');
    await customer.getByRole('button', { name: '确认支付' }).click();
    await expect(customer.getByText('✓ 支付成功')).toBeVisible();
  });

  await test.step('back in the member centre, the level is granted', async () => {
    await expect(customer).toHaveURL(new RegExp(`/h5/shop/${self.shopID}/member`));
    const status = customer.getByLabel('订单状态');
    await expect(status.locator('.result-title')).toHaveText('支付成功');
    await expect(status).toContainText(`「${LEVEL.name}」已生效，有效期至`);
    await expect(customer.locator('.level-paid')).toContainText(`${LEVEL.name} · `);
    await expect(customer.locator('.level-paid')).toContainText('到期');
    await shot(customer, 'member-orders-h5-granted');
  });

  await test.step('the merchant finds the order in 等级订单 and opens its detail', async () => {
    await loginWithPassword(page, DEMO.phone, DEMO.password);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/LvOrderList');
    await page.getByPlaceholder('会员手机号').fill(phone);
    await page.getByPlaceholder('会员手机号').press('Enter');
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: orderNo });
    await expect(row).toBeVisible();
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
    await expect(row).toContainText(LEVEL.name);
    await expect(row).toContainText('已完成');
    await shot(page, 'member-orders-lv-list');
    await row.getByRole('link', { name: orderNo }).click();
    await expect(page).toHaveURL(/\/LvOrderDetail\?id=/);
    await expect(page.getByText(`订单 ${orderNo}`)).toBeVisible();
    await expect(page.locator('.ant-badge-status-text').first()).toHaveText('已完成');
    await expect(page.locator('.ant-descriptions-item').filter({ hasText: '手机号' })).toContainText(phone);
    await expect(page.locator('.ant-descriptions-item').filter({ hasText: '等级' }).first()).toContainText(LEVEL.name);
    await shot(page, 'member-orders-lv-detail');
  });
});
