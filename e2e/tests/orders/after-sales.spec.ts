import { expect, test } from '../../support/fixtures';
import { h5Call, payInSandbox, saveAddress, shopMember, skuInStock } from '../../support/shop-member';
import { apiCall, btnName, loginWithPassword, shot, toast } from '../../support/ui';

const DEMO = { phone: '13800138000', password: 'demo1234' };

// A member of 演示店铺 buys one goods, pays in the sandbox and asks for a refund (仅退款, not shipped) through the
// customer API; the merchant finds it in 售后维权, agrees and refunds it on the detail page; the order shows the refund.
test('after-sales: the merchant agrees a refund-only request and the order shows the refund', async ({ page, request }) => {
  const login = await apiCall<{ self: { shopID: string } }>(request, '/api/Login/LoginByPwd', { phone: DEMO.phone, pwd: DEMO.password });
  const shopId = login.self.shopID;
  const { token, phone } = await shopMember(request, shopId);
  const skuId = await skuInStock(request, shopId, token);
  const address = await saveAddress(request, shopId, token);
  const order = await h5Call<{ orderId: string; orderNo: string; total: number; qr_code: string }>(
    request,
    shopId,
    '/h5/Order/Submit',
    { skuId, qty: 1, deliveryMethod: 1, addressId: address.id, requestKey: `e2e-as-${Date.now()}` },
    token,
  );
  await payInSandbox(page, order.qr_code);
  const detail = await h5Call<{ lines: { id: string }[]; paid: number; canApplyAfterSale: boolean }>(
    request,
    shopId,
    '/h5/Order/Detail',
    { id: order.orderId },
    token,
  );
  expect(detail.canApplyAfterSale).toBe(true);
  const info = await h5Call<{ lines: { refundable: number }[] }>(
    request,
    shopId,
    '/h5/AfterSale/ApplyInfo',
    { orderId: order.orderId },
    token,
  );
  const asked = info.lines[0].refundable;
  await h5Call(
    request,
    shopId,
    '/h5/AfterSale/Apply',
    { orderId: order.orderId, type: 1, items: [{ lineId: detail.lines[0].id, qty: 1 }], reason: '不想要了', description: '拍错了' },
    token,
  );

  await test.step('the request is in 售后维权 under 待商家处理', async () => {
    await loginWithPassword(page, DEMO.phone, DEMO.password);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/SalesProtection');
    await page.getByPlaceholder('售后单号 / 订单编号 / 买家手机号').fill(phone);
    await page.getByRole('button', { name: btnName('查询') }).click();
    await page.getByRole('tab', { name: /^待商家处理 \(\d+\)$/ }).click();
    const row = page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: order.orderNo });
    await expect(row).toBeVisible();
    await expect(row).toContainText('仅退款');
    await shot(page, 'after-sales-list');
    await row.getByRole('link', { name: '处理' }).click();
  });

  await test.step('agree and refund on the detail page', async () => {
    await expect(page).toHaveURL(/\/SalesProtection\/detail\?id=/);
    await expect(page.locator('.ant-card-head').getByText('待商家处理', { exact: true })).toBeVisible();
    await expect(page.getByText('拍错了', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: btnName('同意') }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '同意退款' });
    await expect(dialog.getByLabel('退款金额')).toHaveValue(asked.toFixed(2));
    await dialog.getByLabel('退款金额').fill(String(asked + 1));
    await dialog.getByRole('button', { name: '同意并退款' }).click();
    await expect(dialog.getByText(`退款金额不能超过可退金额 ${asked.toFixed(2)} 元`)).toBeVisible();
    await dialog.getByLabel('退款金额').fill(asked.toFixed(2));
    await shot(page, 'after-sales-agree');
    await dialog.getByRole('button', { name: '同意并退款' }).click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '确认退款' });
    await confirm.getByRole('button', { name: btnName('确认退款') }).click();
    await expect(toast(page, '已同意并退款')).toBeVisible();
    await expect(page.locator('.ant-card-head').getByText('已完成', { exact: true })).toBeVisible();
    await expect(page.locator('.ant-timeline')).toContainText('退款成功');
    await shot(page, 'after-sales-detail-done');
  });

  await test.step('the order shows the refund and its after-sale', async () => {
    await page.getByRole('link', { name: order.orderNo }).click();
    await expect(page).toHaveURL(/\/GoodsOrderDetail\?id=/);
    const refunded = page.locator('.ant-descriptions-item').filter({ hasText: '已退款' }).first();
    await expect(refunded).toContainText(`¥${asked.toFixed(2)}`);
    await expect(page.locator('.ant-card').filter({ hasText: '售后记录' })).toContainText('已完成');
    await shot(page, 'after-sales-order-refunded');
  });
});
