import { expect, test as base } from '../../support/fixtures';
import { createMerchant, loginWithPassword, type Merchant, shot, toast } from '../../support/ui';

/** The console's toast for an ended session (EXPIRED_MSG of the contract). */
const EXPIRED_MSG = '登录信息已过期请重新登录。';

const test = base.extend<{ merchant: Merchant }>({
  merchant: async ({ request }, use) => {
    await use(await createMerchant(request, '会话测试店'));
  },
});

// Issue 12: an ended session showed three identical toasts and landed on /login with no way back.
test('an ended session shows one toast, and logging in again returns to the page', async ({ page, request, merchant }) => {
  await loginWithPassword(page, merchant.phone, merchant.pwd);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/operlog?keyword=x');
  await expect(page.getByPlaceholder('操作关键字')).toBeVisible();

  // The session ends elsewhere (logged out from another tab); the page's calls all come back 401 at once.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('loginInfo') ?? '{}').token as string);
  expect((await request.post('/api/Login/Logout', { data: {}, headers: { token } })).status()).toBe(200);
  await page.reload();

  await expect(page).toHaveURL(/\/login\?redirect=%2Foperlog%3Fkeyword%3Dx$/);
  await expect(page.getByRole('tab', { name: '密码登录' })).toBeVisible();
  await expect(toast(page, EXPIRED_MSG)).toHaveCount(1);
  await shot(page, 'session-expired-one-toast');

  await loginWithPassword(page, merchant.phone, merchant.pwd, { goto: false });
  await expect(page).toHaveURL(/\/operlog\?keyword=x$/);
});

test('the login page never sends anyone to another site', async ({ page, merchant }) => {
  await page.goto('/login?redirect=%2F%2Fevil.example%2Fx');
  await loginWithPassword(page, merchant.phone, merchant.pwd, { goto: false });
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/dashboard$/);
});

test('the sidebar keeps a closed group closed and the page lit after a reload', async ({ page, merchant }) => {
  await loginWithPassword(page, merchant.phone, merchant.pwd);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/operlog');
  const second = page.getByRole('navigation', { name: '二级菜单' });
  await expect(second.locator('.sb2-item.active')).toHaveText('操作日志');
  await second.getByRole('button', { name: '员工与权限' }).click();
  await expect(second.getByText('员工管理')).toHaveCount(0);
  await page.reload();
  await expect(second.locator('.sb2-item.active')).toHaveText('操作日志');
  await expect(second.getByText('员工管理')).toHaveCount(0);
  await expect(second.getByText('企业信息')).toBeVisible();
});
