import type { Page } from '@playwright/test';
import { expect, test as base } from '../../support/fixtures';
import { smsCode, smsCodes } from '../../support/server';
import { type ShopCatalogue, shopWithCatalogue } from '../../support/shop';
import { freshPhone, shot } from '../../support/ui';

// A customer buys in the H5 shop on a phone: logs in by SMS from the goods page, adds to the cart, checks out 快递 with
// a new address, pays on the sandbox page and finds the order 待发货 in 我的订单; a second order is cancelled unpaid.
const test = base.extend<{ shop: ShopCatalogue }>({
  shop: async ({ request }, use) => {
    await use(await shopWithCatalogue(request, '手机下单测试店'));
  },
});
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

/** The shop's toast (apps/shop ui.tsx). */
const h5Toast = (page: Page, text: string | RegExp) => page.locator('.toast').filter({ hasText: text });

test('a member adds to the cart, checks out with a new address, pays; another order is cancelled unpaid', async ({ page, shop }) => {
  const base = `/h5/shop/${shop.shopId}`;
  const phone = freshPhone();
  let orderNo = '';

  await test.step('加入购物车 before logging in asks for the SMS login, then adds', async () => {
    await page.goto(`${base}/goods/${shop.goods.海苔脆片}`);
    await page.getByRole('button', { name: '加入购物车' }).click();
    await page.getByRole('dialog', { name: '选择规格' }).getByRole('button', { name: '加入购物车' }).click();
    const login = page.getByRole('dialog', { name: '登录' });
    await expect(login.getByText('登录后加入购物车')).toBeVisible();
    await shot(page, 'shop-order-login-sheet');
    await login.getByLabel('手机号').fill(phone);
    const before = smsCodes(phone).length;
    await login.getByRole('button', { name: '获取验证码' }).click();
    await login.getByLabel('验证码').fill(await smsCode(phone, { after: before }));
    await login.getByRole('button', { name: '登录 / 注册' }).click();
    await expect(h5Toast(page, '已加入购物车')).toBeVisible();
    await expect(login).toHaveCount(0);
  });

  await test.step('the cart shows the line, its badge and total; more units, then 结算', async () => {
    await page.goto(`${base}/cart`);
    const tabs = page.getByRole('navigation', { name: '店铺导航' });
    await expect(tabs.getByLabel('购物车1种商品')).toHaveText('1');
    await expect(page.getByText('海苔脆片')).toBeVisible();
    await expect(page.locator('.s-cart-total')).toContainText('¥9.90');
    await page.getByRole('group', { name: '海苔脆片 数量' }).getByRole('button', { name: '增加' }).click();
    await expect(page.locator('.s-cart-total')).toContainText('¥19.80');
    await shot(page, 'shop-order-cart');
    await page.getByRole('button', { name: '结算(2)' }).click();
    await expect(page).toHaveURL(/\/checkout\?cart=/);
  });

  await test.step('checkout: a new address (each field checked), the figures from the server', async () => {
    await page.getByRole('button', { name: '收货地址' }).click();
    await expect(page.getByRole('heading', { name: '选择收货地址' })).toBeVisible();
    await expect(page.getByText('还没有收货地址')).toBeVisible();
    await page.getByRole('button', { name: '新增收货地址' }).click();
    await page.getByRole('button', { name: '保存' }).click();
    for (const m of ['请输入收货人', '请输入手机号', '请选择所在地区', '请输入详细地址']) await expect(page.getByText(m)).toBeVisible();
    await page.getByLabel('收货人').fill('李四');
    await page.getByLabel('手机号').fill('1391234');
    await expect(page.getByText('手机号格式不正确')).toBeVisible();
    await page.getByLabel('手机号').fill('13912345678');
    await page.getByLabel('所在地区省份').selectOption({ label: '广东省' });
    await page.getByLabel('所在地区城市').selectOption({ label: '深圳市' });
    await page.getByLabel('所在地区区县').selectOption({ label: '南山区' });
    await page.getByLabel('详细地址').fill('科技园南区1栋101');
    await shot(page, 'shop-order-address-form');
    await page.getByRole('button', { name: '保存' }).click();
    // The new address is chosen for the order at once.
    const address = page.getByRole('button', { name: '收货地址' });
    await expect(address).toContainText('李四');
    await expect(address).toContainText('广东省 深圳市 南山区 科技园南区1栋101');
    await expect(page.locator('.s-figures')).toContainText('¥19.80');
    await expect(page.locator('.s-buybar')).toContainText('应付 ¥19.80');
    await page.getByPlaceholder('选填，200字以内').fill('请尽快发货');
    await shot(page, 'shop-order-checkout');
  });

  await test.step('提交订单 opens the sandbox payment; paying returns to the order, 待发货', async () => {
    await page.getByRole('button', { name: '提交订单' }).click();
    await expect(page).toHaveTitle('沙箱支付');
    await expect(page.locator('.amount')).toHaveText('¥19.80');
    await page.getByRole('button', { name: '确认支付' }).click();
    await expect(page).toHaveURL(new RegExp(`${base}/order/[0-9a-f-]{36}$`));
    await expect(page.locator('.s-state-title')).toHaveText('待发货');
    await expect(page.getByLabel('收货地址')).toContainText('李四 13912345678');
    await expect(page.locator('.s-figures')).toContainText('实付款¥19.80');
    await expect(page.getByLabel('订单信息')).toContainText('请尽快发货');
    orderNo = ((await page.getByLabel('订单信息').locator('p').first().textContent()) ?? '').replace('订单编号', '');
    expect(orderNo).not.toBe('');
    await shot(page, 'shop-order-paid-detail');
  });

  await test.step('我的 › 我的订单 › 待发货 lists it; the cart is empty now', async () => {
    await page.goto(`${base}/member`);
    const mine = page.getByLabel('我的订单');
    await expect(mine.getByRole('link', { name: '收货地址' })).toBeVisible();
    await shot(page, 'shop-order-member-centre');
    await mine.getByRole('link', { name: '待发货' }).click();
    await expect(page).toHaveURL(/\/orders\?tab=toShip$/);
    await expect(page.getByRole('tab', { name: '待发货' })).toHaveAttribute('aria-selected', 'true');
    const card = page.getByLabel(`订单 ${orderNo}`);
    await expect(card).toContainText('待发货');
    await expect(card).toContainText('海苔脆片');
    await expect(card).toContainText('共2件 合计 ¥19.80');
    await shot(page, 'shop-order-my-orders');
    await page.getByRole('tab', { name: '待付款' }).click();
    await expect(page.getByText('暂无订单')).toBeVisible();
    await page.goto(`${base}/cart`);
    await expect(page.getByText('购物车还是空的')).toBeVisible();
  });

  await test.step('立即购买 with the default address, left unpaid, then cancelled after a confirm', async () => {
    await page.goto(`${base}/goods/${shop.goods.牛仔外套}`);
    await page.getByRole('button', { name: '立即购买' }).click();
    await page.getByRole('dialog', { name: '选择规格' }).getByRole('button', { name: '立即购买' }).click();
    await expect(page).toHaveURL(/\/checkout\?sku=/);
    await expect(page.getByRole('button', { name: '收货地址' })).toContainText('李四');
    // The address book to choose from: the one address, the default.
    await page.getByRole('button', { name: '收货地址' }).click();
    const book = page.getByLabel('地址 李四');
    await expect(book).toContainText('默认');
    await shot(page, 'shop-order-address-book');
    await book.getByRole('button', { name: /李四/ }).click();
    await expect(page.locator('.s-buybar')).toContainText('应付 ¥199.00');
    await page.getByRole('button', { name: '提交订单' }).click();
    await expect(page).toHaveTitle('沙箱支付');
    // Not paid: back is the order (the checkout left the history), waiting for its payment.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${base}/order/[0-9a-f-]{36}$`));
    await expect(page.locator('.s-state-title')).toHaveText('待付款');
    await expect(page.getByLabel('订单状态')).toContainText(/请在 \d{2}:\d{2} 内付款/);
    await shot(page, 'shop-order-unpaid-detail');
    await page.getByRole('button', { name: '取消订单' }).click();
    const ask = page.getByRole('alertdialog', { name: '确定取消该订单吗？' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: '取消订单' }).click();
    await expect(h5Toast(page, '订单已取消')).toBeVisible();
    await expect(page.locator('.s-state-title')).toHaveText('已关闭');
    await expect(page.getByRole('button', { name: '去支付' })).toHaveCount(0);
    await shot(page, 'shop-order-cancelled');
  });
});
