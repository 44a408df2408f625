// Needs the customer-side API (/h5/Member, /h5/Goods, /h5/Address, /h5/Order: branch i15-orders-h5) to place the orders.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { h5Call as h5, payInSandbox, saveAddress, shopMember, skuInStock } from '../../support/shop-member';
import { apiCall, btnName, loginWithPassword, shot, toast } from '../../support/ui';

const DEMO = { phone: '13800138000', password: 'demo1234' };

/** A member of the demo shop places two orders of one goods (快递) through the customer API: one paid in the sandbox. */
async function placeOrders(request: APIRequestContext, page: Page) {
  const login = await apiCall<{ self: { shopID: string } }>(request, '/api/Login/LoginByPwd', { phone: DEMO.phone, pwd: DEMO.password });
  const shopId = login.self.shopID;

  const { token } = await shopMember(request, shopId);
  const skuId = await skuInStock(request, shopId, token);
  const address = await saveAddress(request, shopId, token);
  const submit = (n: number) =>
    h5<{ orderNo: string; qr_code: string }>(
      request,
      shopId,
      '/h5/Order/Submit',
      { skuId, qty: 1, deliveryMethod: 1, addressId: address.id, requestKey: `e2e-${Date.now()}-${n}` },
      token,
    );
  const paid = await submit(1);
  const unpaid = await submit(2);

  await payInSandbox(page, paid.qr_code);
  return { paid: paid.orderNo, unpaid: unpaid.orderNo };
}

/** The list's tab (its label carries the count). */
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name} \\(\\d+\\+?\\)$`) });
const row = (page: Page, orderNo: string) => page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: orderNo });

async function findInTab(page: Page, tabName: string, orderNo: string) {
  await page.getByPlaceholder('订单编号 / 买家手机号 / 商品名称').fill(orderNo);
  await page.getByRole('button', { name: btnName('查询') }).click();
  await tab(page, tabName).click();
  await expect(row(page, orderNo)).toBeVisible();
}

test('goods orders: a paid order is shipped, tracked and confirmed in the console; an unpaid one is cancelled', async ({
  page,
  request,
}) => {
  const orders = await placeOrders(request, page);

  await test.step('the paid order is in 待发货 with the tab count', async () => {
    await loginWithPassword(page, DEMO.phone, DEMO.password);
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/GoodsOrderList');
    await expect(tab(page, '待发货')).toBeVisible();
    const count = Number(/\((\d+)\)/.exec((await tab(page, '待发货').textContent()) ?? '')?.[1] ?? 0);
    expect(count).toBeGreaterThanOrEqual(1);
    await tab(page, '待发货').click();
    await expect(page).toHaveURL(/tab=1/);
    await findInTab(page, '待发货', orders.paid);
    await expect(row(page, orders.paid).getByText('待发货')).toBeVisible();
    await shot(page, 'goods-orders-list-to-ship');
  });

  await test.step('open the detail and ship it with a company and a number', async () => {
    await row(page, orders.paid).getByRole('button', { name: '详情' }).click();
    await expect(page).toHaveURL(/\/GoodsOrderDetail\?id=/);
    await expect(page.getByText(`订单 ${orders.paid}`)).toBeVisible();
    await page.getByRole('button', { name: btnName('发货') }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '本包裹数量' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '确认发货' }).click();
    await expect(dialog.getByText('请选择快递公司')).toBeVisible();
    await dialog.getByRole('combobox', { name: '包裹1快递公司' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '顺丰速运' }).click();
    await dialog.getByLabel('包裹1快递单号').fill('SF1234567890');
    await shot(page, 'goods-orders-ship');
    await dialog.getByRole('button', { name: '确认发货' }).click();
    await expect(toast(page, '发货成功')).toBeVisible();
    await expect(page.locator('.ant-card-head').getByText('已发货', { exact: true })).toBeVisible();
  });

  await test.step('view the logistics record', async () => {
    await page.getByRole('button', { name: '查看物流' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '物流信息' });
    await expect(drawer.getByText('SF1234567890')).toBeVisible();
    await expect(drawer.getByText('顺丰速运')).toBeVisible();
    await shot(page, 'goods-orders-logistics');
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  await test.step('confirm receipt: 已完成', async () => {
    await page.getByRole('button', { name: btnName('确认收货') }).click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '确定替买家确认收货' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: btnName('确认收货') }).click();
    await expect(toast(page, '已确认收货')).toBeVisible();
    await expect(page.locator('.ant-card-head').getByText('已完成', { exact: true })).toBeVisible();
    await shot(page, 'goods-orders-detail-done');
    await page.getByRole('button', { name: '返回' }).click();
    await expect(page).toHaveURL(/\/GoodsOrderList\?.*tab=1/);
    await tab(page, '已完成').click();
    await expect(row(page, orders.paid)).toBeVisible();
  });

  await test.step('cancel the unpaid order with a reason: 已关闭', async () => {
    await findInTab(page, '待付款', orders.unpaid);
    await row(page, orders.unpaid).getByRole('button', { name: '详情' }).click();
    await page.getByRole('button', { name: btnName('取消订单') }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '取消原因' });
    await expect(dialog.getByText('取消后买家将无法再支付该订单')).toBeVisible();
    await dialog.getByRole('combobox', { name: '取消原因' }).click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '买家不想要了' }).click();
    await shot(page, 'goods-orders-cancel');
    await dialog.getByRole('button', { name: '确定取消' }).click();
    await expect(toast(page, '订单已取消')).toBeVisible();
    await expect(page.locator('.ant-card-head').getByText('已关闭', { exact: true })).toBeVisible();
    await expect(page.getByText('买家不想要了').first()).toBeVisible();
  });
});
