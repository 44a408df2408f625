import { expect, test } from '../../support/fixtures';
import { openMenu } from '../../support/forms';
import { btnName, createMerchant, loginWithPassword, shot, toast } from '../../support/ui';

// A merchant binds WeChat through the development WeChat platform's scan page (what a phone would open by scanning the
// QR code), sees the binding appear by itself, and unbinds it again.
test('a merchant binds WeChat through the development scan page and unbinds it', async ({ page, request, context }) => {
  const m = await createMerchant(request, '绑定测试店');

  await test.step('账号绑定 shows the masked phone and no WeChat', async () => {
    await loginWithPassword(page, m.phone, m.pwd);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openMenu(page, '设置', '账号绑定');
    await expect(page).toHaveURL(/\/userbind$/);
    await expect(page.getByTestId('bound-phone')).toContainText(`${m.phone.slice(0, 3)}****${m.phone.slice(7)}`);
    await expect(page.getByText('未绑定微信')).toBeVisible();
  });

  await test.step('the QR code opens the scan page; confirming there binds WeChat and the console sees it', async () => {
    await page.getByRole('button', { name: btnName('绑定微信') }).click();
    const dialog = page.locator('.ant-modal').filter({ hasText: '绑定微信' });
    await expect(dialog.getByText('请使用微信扫描二维码完成绑定')).toBeVisible();
    await expect(dialog.locator('.ant-qrcode canvas')).toBeVisible();
    await shot(page, 'account-userbind-qr');
    const popup = context.waitForEvent('page');
    await dialog.getByRole('link', { name: /模拟扫码页/ }).click();
    const phone = await popup;
    await expect(phone.getByRole('heading', { name: '模拟微信扫码' })).toBeVisible();
    await phone.getByLabel('微信昵称').fill('小王的微信');
    await phone.getByRole('button', { name: '确认绑定' }).click();
    await expect(phone.getByText('✓ 绑定成功')).toBeVisible();
    await shot(phone, 'account-userbind-scan');
    await phone.close();
    await expect(toast(page, '绑定成功')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('bound-wechat')).toContainText('已绑定微信「小王的微信」');
    await shot(page, 'account-userbind-bound');
  });

  await test.step('解绑 asks first, then WeChat is unbound', async () => {
    await page.getByRole('button', { name: btnName('解绑') }).click();
    const confirm = page.locator('.ant-popconfirm').filter({ hasText: '确定解除微信绑定吗?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: btnName('确定') }).click();
    await expect(toast(page, '解绑成功')).toBeVisible();
    await expect(page.getByText('未绑定微信')).toBeVisible();
  });
});
