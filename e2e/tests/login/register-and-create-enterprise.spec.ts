import { expect, test } from '../../support/fixtures';
import { smsCode, smsCodes } from '../../support/server';
import { btnName, fieldError, logout, shot, toast } from '../../support/ui';

const PHONE = '13912345678';
const PASSWORD = 'Abcd1234';
const ENTERPRISE = '张三的花店';

test('a new merchant registers with an SMS code, creates an enterprise on trial, and logs out', async ({ page }) => {
  await test.step('register at /Register with the code from the SMS', async () => {
    await page.goto('/Register');
    await expect(page.getByRole('heading', { name: '注册账号' })).toBeVisible();
    await expect(page).toHaveTitle('注册');

    await page.getByPlaceholder('手机号').fill(PHONE);
    const sent = smsCodes(PHONE).length;
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(toast(page, '验证码发送成功')).toBeVisible();
    // The button becomes a 60-second countdown.
    await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
    const code = await smsCode(PHONE, { after: sent });

    await page.getByPlaceholder('短信验证码').fill(code);
    await page.getByPlaceholder('设置密码').fill(PASSWORD);
    await page.getByPlaceholder('确认密码').fill(PASSWORD);

    // Without the agreement ticked the form is refused.
    await page.getByRole('button', { name: btnName('注册') }).click();
    await expect(fieldError(page, '请阅读并同意用户服务协议')).toBeVisible();
    await page.getByRole('checkbox').check();
    await expect(fieldError(page, '请阅读并同意用户服务协议')).toBeHidden();
    await shot(page, 'register-filled');

    await page.getByRole('button', { name: btnName('注册') }).click();
    await expect(page).toHaveURL(/\/SelectCustomesr$/);
  });

  await test.step('create an enterprise: name, industry, province / city / district', async () => {
    await expect(page.getByText('您还没有企业，请先创建企业')).toBeVisible();
    await page.getByRole('button', { name: '创建企业' }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: '新企业可免费试用 15 天' });
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('企业名称').fill(ENTERPRISE);

    // The industry list is long (virtual); the select is searchable, so type to find the entry.
    await dialog.getByLabel('所属行业').click();
    await dialog.getByLabel('所属行业').fill('鲜花');
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: '鲜花绿植' })
      .click();

    // AreaCascader does not forward the form item's id, so its label is not tied to it: find it by its form item.
    await dialog.locator('.ant-form-item').filter({ hasText: '所在地区' }).locator('.ant-cascader').click();
    const cascader = page.locator('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden)');
    await cascader.locator('.ant-cascader-menu').nth(0).getByText('广东省', { exact: true }).click();
    await cascader.locator('.ant-cascader-menu').nth(1).getByText('深圳市', { exact: true }).click();
    await cascader.locator('.ant-cascader-menu').nth(2).getByText('南山区', { exact: true }).click();
    await expect(dialog.locator('.ant-cascader .ant-select-selection-item')).toHaveText('广东省 / 深圳市 / 南山区');
    await expect(cascader).toBeHidden();
    await shot(page, 'create-enterprise-dialog');

    await dialog.getByRole('button', { name: '创建并进入' }).click();
  });

  await test.step('land in the shell on the dashboard with the trial banner', async () => {
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle(`概况 - ${ENTERPRISE}`);
    await expect(page.locator('.topbar-shop')).toHaveText(ENTERPRISE);
    await expect(page.locator('.topbar .ant-tag')).toHaveText('试用版');
    await expect(page.getByRole('alert')).toContainText('店铺免费试用剩余 15 天');
    await expect(page.getByText('在职员工')).toBeVisible();
    await shot(page, 'new-enterprise-dashboard');
  });

  await test.step('log out through the user dropdown', async () => {
    await logout(page, 'logout-confirm');
    await expect(page.getByRole('tab', { name: '密码登录' })).toBeVisible();
  });
});
