import { expect, test as base } from '../../support/fixtures';
import { createMerchant, loginWithPassword, type Merchant, shot } from '../../support/ui';

// A merchant of its own (registered through the API), so these tests do not depend on the demo account.
const test = base.extend<{ merchant: Merchant }>({
  merchant: async ({ request }, use) => {
    await use(await createMerchant(request, '路由测试店'));
  },
});

test('an unknown page shows the 404 page, whose button goes back home', async ({ page, merchant }) => {
  await loginWithPassword(page, merchant.phone, merchant.pwd);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/no-such-page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('抱歉，你访问的页面不存在或仍在开发中')).toBeVisible();
  await expect(page).toHaveTitle(`页面不存在 - ${merchant.enterprise}`);
  await shot(page, 'routing-404');

  await page.getByRole('button', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle(`概况 - ${merchant.enterprise}`);
});

test('a page opened without a token asks to log in, then opens after login', async ({ page, merchant }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await shot(page, 'routing-login-redirect');

  await loginWithPassword(page, merchant.phone, merchant.pwd, { goto: false });
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page).toHaveTitle(`个人设置 - ${merchant.enterprise}`);
  await expect(page.getByText('基本信息')).toBeVisible();
});

test('/404 without a token goes to login without a redirect query', async ({ page }) => {
  await page.goto('/404');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('tab', { name: '密码登录' })).toBeVisible();
});

test('/ goes to the first menu route', async ({ page, merchant }) => {
  await loginWithPassword(page, merchant.phone, merchant.pwd);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);

  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page).toHaveTitle(`概况 - ${merchant.enterprise}`);
});
