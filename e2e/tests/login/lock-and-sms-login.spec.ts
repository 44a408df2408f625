import { expect, test } from '../../support/fixtures';
import { smsCode, smsCodes } from '../../support/server';
import { apiCall, btnName, createMerchant, loginWithPassword, shot, toast } from '../../support/ui';

const LOCKED = /^密码错误次数过多，账号已锁定，请\d+分钟后再试或通过短信找回密码，或使用短信验证码登录$/;

test('a locked password login offers the SMS login right there, which lets the owner in and lifts the lock', async ({ page, request }) => {
  // One SMS code per phone per 60 s: the registration code of the fixture holds the login code back that long.
  test.setTimeout(150_000);
  const merchant = await createMerchant(request, '锁定测试店');
  const registeredAt = Date.now();

  await test.step('five wrong passwords lock the password login and show the way in by SMS', async () => {
    await page.goto('/login');
    for (let i = 0; i < 5; i++) {
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/Login/LoginByPwd'), { timeout: 60_000 });
      await loginWithPassword(page, merchant.phone, `wrong${i}abc`, { goto: false });
      await answered;
    }
    await expect(toast(page, LOCKED).first()).toBeVisible();
    const alert = page.getByRole('alert').filter({ hasText: '账号已锁定' });
    await expect(alert).toContainText('使用短信验证码登录即可解除锁定');
    await shot(page, 'login-locked');
    await alert.getByRole('button', { name: btnName('短信验证码登录') }).click();
  });

  await test.step('the SMS tab has the phone filled in; its code logs in', async () => {
    const form = page.getByRole('tabpanel').locator('form');
    await expect(form.getByPlaceholder('手机号')).toHaveValue(merchant.phone);
    await page.waitForTimeout(Math.max(0, registeredAt + 61_000 - Date.now()));
    const before = smsCodes(merchant.phone).length;
    await form.getByRole('button', { name: '获取验证码' }).click();
    await expect(toast(page, '验证码发送成功')).toBeVisible();
    await form.getByPlaceholder('验证码').fill(await smsCode(merchant.phone, { after: before }));
    await form.getByRole('button', { name: btnName('登录') }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  await test.step('the lock is lifted: the password logs in again from the same address', async () => {
    const data = await apiCall<{ token: string }>(request, '/api/Login/LoginByPwd', { phone: merchant.phone, pwd: merchant.pwd });
    expect(data.token).not.toBe('');
  });
});
