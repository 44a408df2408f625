import type { Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import {
  designer,
  fillLink,
  h5Field,
  h5OrderMeta,
  newForm,
  openMenu,
  pushedNotice,
  saveForm,
  summaryValue,
  tableRow,
  uniqueName,
  verifyCode,
  watchHub,
} from '../../support/forms';
import { btnName, loginWithPassword, shot, toast } from '../../support/ui';

const DEMO = { phone: '13800138000', password: 'demo1234' };
const PRICE = '9.90';

/** The customer fills the paid form, pays on the sandbox page and comes back; answers the order number and the code. */
async function fillAndPay(customer: Page, formName: string, who: { name: string; phone: string }, screenshots = false) {
  await h5Field(customer, '姓名').getByRole('textbox').fill(who.name);
  await h5Field(customer, '手机号').getByRole('textbox').fill(who.phone);
  await customer.getByRole('button', { name: `提交并支付 ¥${PRICE}` }).click();

  await expect(customer.locator('.result-title')).toHaveText('待支付');
  await expect(customer.locator('.result .amount')).toHaveText(`¥${PRICE}`);
  await expect(h5OrderMeta(customer, '订单号')).toHaveText(/^FO\d{14}$/);
  const orderNo = (await h5OrderMeta(customer, '订单号').textContent()) ?? '';
  await expect(customer.getByRole('img', { name: '支付二维码' })).toBeVisible();
  if (screenshots) await shot(customer, 'forms-h5-to-pay');

  await customer.getByRole('link', { name: '去支付' }).click();
  await expect(customer).toHaveURL(/\/pay\/sandbox\/[0-9a-f]{32}\?t=\d+\.[0-9a-f]{64}&return=/);
  await expect(customer).toHaveTitle('沙箱支付');
  await expect(customer.locator('.amount')).toHaveText(`¥${PRICE}`);
  await expect(customer.locator('.subject')).toHaveText(`表单报名：${formName}`);
  if (screenshots) await shot(customer, 'forms-sandbox-pay');
  await customer.getByRole('button', { name: '确认支付' }).click();
  await expect(customer.getByText('✓ 支付成功')).toBeVisible();

  // The sandbox page sends the payer back after 2 s; the fill page shows the paid order and its code.
  await expect(customer).toHaveURL(/\/h5\/form\/[0-9a-f-]{36}$/);
  await expect(customer.locator('.result-title')).toHaveText('支付成功');
  await expect(customer.getByText('请凭核销码到店核销')).toBeVisible();
  const code = await verifyCode(customer);
  await expect(h5OrderMeta(customer, '订单号')).toHaveText(orderNo);
  await expect(h5OrderMeta(customer, '状态')).toHaveText('待核销');
  return { orderNo, code };
}

// The demo owner sells places on a form (¥9.90, verified at the shop); a customer pays twice through the sandbox. The
// owner verifies the first order by its code (a second try is refused) and cancels the second, which refunds it. The
// form (unique name) and its orders stay in 演示店铺.
test('a paid form: the customer pays through the sandbox, the merchant verifies one order and refunds another', async ({
  page,
  customer,
}) => {
  const formName = uniqueName('付费试吃报名');
  const hub = watchHub(page);
  let link = '';

  await test.step('the merchant designs a paid form with verification at the shop', async () => {
    await loginWithPassword(page, DEMO.phone, DEMO.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await newForm(page);
    await page.getByRole('textbox', { name: '表单名称' }).fill(formName);
    await page.getByRole('switch', { name: '付费表单' }).click();
    await page.getByLabel('报名费用（元）').fill(PRICE);
    await page.getByRole('switch', { name: '到店核销' }).click();
    await expect(page.getByRole('switch', { name: '到店核销' })).toHaveAttribute('aria-checked', 'true');
    const d = designer(page);
    await d.add('单行文本');
    await d.setSelected({ label: '姓名', required: true });
    await d.add('手机号');
    await d.setSelected({ required: true });
    await expect(d.labels).toHaveText(['姓名', '手机号']);
    await shot(page, 'forms-paid-designer');
    // A new form starts unpublished: the merchant switches 生效 on when it is ready.
    const publish = page.getByRole('switch', { name: '生效' });
    await expect(publish).toHaveAttribute('aria-checked', 'false');
    await publish.click();
    await saveForm(page);

    const row = tableRow(page, formName);
    await expect(row).toContainText(`付费 ¥${PRICE}`);
    link = (await fillLink(page, row)).url;
    await row.getByRole('button', { name: '填写链接' }).click();
  });

  let first = { orderNo: '', code: '' };
  await test.step('the customer fills the form, pays ¥9.90 on the sandbox page and gets a verification code', async () => {
    await customer.goto(link);
    await expect(customer.locator('.form-name')).toHaveText(formName);
    await expect(customer.locator('.meta .price')).toHaveText(`¥${PRICE}`);
    await expect(customer.locator('.meta .tag')).toHaveText('到店核销');
    await hub.connected();
    first = await fillAndPay(customer, formName, { name: '李青', phone: '13698765432' }, true);
    await shot(customer, 'forms-h5-paid-code');

    const notice = pushedNotice(page, '新的表单订单');
    await expect(notice).toContainText(`订单 ${first.orderNo} 已支付 ¥${PRICE}`);
    await notice.locator('.ant-notification-notice-close').click();
    await expect(notice).toBeHidden();
  });

  await test.step('the merchant verifies the order by its code; a second try is refused', async () => {
    await openMenu(page, '订单', '表单订单');
    await expect(page).toHaveURL(/\/FormOrderList$/);
    await expect(page.getByText('当前为支付沙箱环境，付款不会真实扣款')).toBeVisible();
    const row = tableRow(page, first.orderNo);
    await expect(row).toContainText(formName);
    await expect(row).toContainText(PRICE);
    await expect(row).toContainText('待核销');
    await shot(page, 'forms-orders-to-verify');

    const box = page.getByLabel('核销码');
    await box.fill(first.code);
    await page.getByRole('button', { name: btnName('核销') }).click();
    await expect(toast(page, `核销成功：${formName} ${first.orderNo}`)).toBeVisible();
    await expect(page).toHaveURL(/\/FormOrderDetail\?id=[0-9a-f-]{36}$/);
    // The detail's own header card (a list card can still be on screen while the page loads).
    const header = page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: /订单\s*FO\d+/ }) });
    await expect(header.locator('.ant-card-head-title')).toContainText(`订单 ${first.orderNo}`);
    await expect(header.locator('.ant-badge-status-text')).toHaveText('已完成');
    await expect(summaryValue(header, '核销时间')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await expect(header.getByRole('button', { name: btnName('核销') })).toHaveCount(0);
    await expect(header.getByRole('button', { name: '取消订单' })).toHaveCount(0);
    await shot(page, 'forms-order-verified');

    await customer.reload();
    await expect(customer.locator('.result-title')).toHaveText('已核销');
    await expect(h5OrderMeta(customer, '状态')).toHaveText('已完成');

    await page.getByRole('button', { name: '返回' }).click();
    await expect(page).toHaveURL(/\/FormOrderList$/);
    await expect(tableRow(page, first.orderNo)).toContainText('已完成');
    await box.fill(first.code);
    await page.getByRole('button', { name: btnName('核销') }).click();
    await expect(toast(page, '该订单已核销，请勿重复核销')).toBeVisible();
    await expect(page).toHaveURL(/\/FormOrderList$/);
    await shot(page, 'forms-verify-again-refused');
  });

  let second = { orderNo: '', code: '' };
  await test.step('the customer fills the form again and pays a second order', async () => {
    await customer.getByRole('button', { name: '再填一份' }).click();
    second = await fillAndPay(customer, formName, { name: '李青', phone: '13698765432' });
    expect(second.orderNo).not.toBe(first.orderNo);
    const notice = pushedNotice(page, '新的表单订单').filter({ hasText: second.orderNo });
    await expect(notice).toBeVisible();
    await notice.locator('.ant-notification-notice-close').click();
    await expect(notice).toBeHidden();
  });

  await test.step('the merchant cancels the second order with a reason: the payment goes back, it ends 已退款', async () => {
    await page.reload(); // the list shown before this payment does not have its order (the console keeps lists 30 s)
    const row = tableRow(page, second.orderNo);
    await expect(row).toContainText('待核销');
    await row.getByRole('link', { name: second.orderNo }).click();
    await expect(page).toHaveURL(/\/FormOrderDetail\?id=[0-9a-f-]{36}$/);
    // The detail's own header card (a list card can still be on screen while the page loads).
    const header = page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: /订单\s*FO\d+/ }) });
    await expect(header.locator('.ant-badge-status-text')).toHaveText('待核销');

    await header.getByRole('button', { name: '取消订单' }).click();
    const dialog = page.getByRole('dialog', { name: '取消订单' });
    await expect(dialog).toContainText(`将原路退款 ¥${PRICE}，且不可恢复。`);
    await dialog.getByRole('button', { name: btnName('确定') }).click();
    await expect(dialog.locator('.ant-form-item-explain-error')).toHaveText('请输入取消原因');
    await dialog.getByLabel('取消原因').fill('活动临时取消');
    await shot(page, 'forms-order-cancel');
    await dialog.getByRole('button', { name: btnName('确定') }).click();
    await expect(toast(page, '订单已取消，款项将原路退回')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(header.locator('.ant-badge-status-text')).toHaveText('已退款');
    await expect(summaryValue(header, '取消原因')).toHaveText('活动临时取消');
    await expect(summaryValue(header, '退款时间')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await expect(header.getByRole('button', { name: '取消订单' })).toHaveCount(0);
    await shot(page, 'forms-order-refunded');

    await customer.reload();
    await expect(customer.locator('.result-title')).toHaveText('订单已退款');
    await expect(customer.getByText('报名费用已原路退回')).toBeVisible();
    await shot(customer, 'forms-h5-refunded');

    await page.getByRole('button', { name: '返回' }).click();
    await page.getByRole('tab', { name: '已退款' }).click();
    await expect(tableRow(page, second.orderNo)).toContainText('已退款');
    await expect(tableRow(page, first.orderNo)).toHaveCount(0);
  });
});
