import { expect, test } from '../../support/fixtures';
import { openMenu } from '../../support/forms';
import { apiCall, btnName, fieldError, loginWithPassword, shot, toast } from '../../support/ui';

const DEMO = { phone: '13800138000', password: 'demo1234' };

// The demo enterprise's seeded orders include paid 自提 orders (待发货): one of them is collected by its code in
// 核销工具, then shows in 核销记录.
test('核销工具: a paid pick-up order verified by its code, then listed in 核销记录', async ({ page, request }) => {
  test.setTimeout(120_000);
  const { token } = await apiCall<{ token: string }>(request, '/api/Login/LoginByPwd', { phone: DEMO.phone, pwd: DEMO.password });
  const list = await apiCall<{ rows: { id: string; orderNo: string }[] }>(
    request,
    '/Order/GoodsOrder/orderList',
    { tab: 1, deliveryMethod: 2, page_size: 50 },
    token,
  );
  expect(list.rows.length, 'a paid 自提 demo order').toBeGreaterThan(0);
  // Another spec may collect one too: take one at random among them.
  const picked = list.rows[Math.floor(Math.random() * list.rows.length)];
  const { pickupCode } = await apiCall<{ pickupCode: string }>(request, '/Order/GoodsOrder/orderDetail', { id: picked.id }, token);
  expect(pickupCode).toMatch(/^\d{8}$/);

  await loginWithPassword(page, DEMO.phone, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await openMenu(page, '订单', '核销工具');
  await expect(page).toHaveURL(/\/verificationTool$/);
  const input = page.getByRole('textbox', { name: '核销码' });
  await expect(input).toBeFocused();

  await test.step('codes of no known form, and coupon codes, are refused under the input', async () => {
    await input.fill('12345');
    await input.press('Enter');
    await expect(fieldError(page, '核销码格式不正确')).toBeVisible();
    await input.fill('123456789012');
    await page.getByRole('button', { name: btnName('查询') }).click();
    await expect(fieldError(page, '这是优惠券券码，优惠券核销功能尚未开通')).toBeVisible();
  });

  await test.step('the code (as a scanner types it: then Enter) shows the order, 确认核销 collects it', async () => {
    await input.fill(pickupCode);
    await input.press('Enter');
    const card = page.getByTestId('verify-card-pickup');
    await expect(card).toContainText(picked.orderNo);
    await expect(card).toContainText('自提订单');
    await expect(card).toContainText('待发货');
    await expect(card.locator('.ant-list-item').first()).toBeVisible();
    await shot(page, 'verification-tool-preview');
    await card.getByRole('button', { name: btnName('确认核销') }).click();
    await expect(toast(page, '核销成功')).toBeVisible();
    await expect(page.locator('.ant-result-title')).toHaveText('核销成功');
    await expect(page.locator('.ant-result-subtitle')).toContainText(picked.orderNo);
    await shot(page, 'verification-tool-done');
    await page.getByRole('button', { name: btnName('继续核销') }).click();
    await expect(input).toHaveValue('');
  });

  await test.step('the same code again says it was verified', async () => {
    await input.fill(pickupCode);
    await input.press('Enter');
    const card = page.getByTestId('verify-card-pickup');
    await expect(card).toContainText('该订单已核销，请勿重复核销');
    await expect(card.getByRole('button', { name: btnName('确认核销') })).toBeDisabled();
  });

  await test.step('核销记录 lists it', async () => {
    await openMenu(page, '订单', '核销记录');
    await expect(page).toHaveURL(/\/TakeList/);
    await page.getByPlaceholder('核销码 / 订单号').fill(pickupCode);
    await page.getByPlaceholder('核销码 / 订单号').press('Enter');
    const row = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(picked.orderNo);
    await expect(row).toContainText('自提订单');
    await expect(row).toContainText(pickupCode);
    await page.getByPlaceholder('核销码 / 订单号').fill('');
    await page.getByPlaceholder('核销码 / 订单号').press('Enter');
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    await shot(page, 'take-list');
  });
});
