import { expect, test } from '../../support/fixtures';
import { openMenu } from '../../support/forms';
import { btnName, createMerchant, fieldError, loginWithPassword, shot, toast } from '../../support/ui';

// A new merchant edits 企业信息 and sees the top bar's shop name change, looks at 登录信息, then finds the edit in
// 操作日志 (filtered), opens its detail and exports the filtered log; 企业转让 checks the receiver first.
test('a merchant edits the enterprise info, sees the login records and exports the operation log', async ({ page, request }) => {
  const m = await createMerchant(request, '账号测试店');
  const renamed = `账号测试店${Date.now() % 10_000}`;

  await test.step('企业信息: the name is checked, then saved; the top bar shows the new name at once', async () => {
    await loginWithPassword(page, m.phone, m.pwd);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openMenu(page, '设置', '企业信息');
    await expect(page).toHaveURL(/\/renterinfo$/);
    await expect(page).toHaveTitle('企业信息 - 账号测试店');
    const name = page.getByLabel('企业名称');
    await expect(name).toHaveValue('账号测试店');
    await expect(page.locator('.ant-cascader')).toContainText('南山区');
    await name.fill('');
    await page.getByRole('button', { name: btnName('保存') }).click();
    await expect(fieldError(page, '请输入企业名称')).toBeVisible();
    await name.fill(renamed);
    await page.getByLabel('联系人').fill('王经理');
    await page.getByLabel('联系电话').fill('1391234');
    await page.getByRole('button', { name: btnName('保存') }).click();
    await expect(fieldError(page, '联系电话格式不正确')).toBeVisible();
    await page.getByLabel('联系电话').fill('13912345678');
    await page.getByLabel('详细地址').fill('科技园一路 1 号');
    await page.getByRole('button', { name: btnName('保存') }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(page.locator('.topbar-shop')).toHaveText(renamed);
    await expect(page).toHaveTitle(`企业信息 - ${renamed}`);
    await shot(page, 'account-renter-info');
  });

  await test.step('登录信息 lists this login with its device and result', async () => {
    await openMenu(page, '设置', '登录信息');
    await expect(page).toHaveURL(/\/logininfor$/);
    const first = page.locator('.ant-table-tbody tr.ant-table-row').first();
    await expect(first).toContainText('成功');
    await expect(first).toContainText('密码登录');
    await expect(first).toContainText('电脑');
    await expect(page.getByText(/共有 \d+ 条/)).toBeVisible();
    await page.locator('.ant-select').filter({ hasText: '全部结果' }).click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: '失败' }).click();
    await expect(page.getByText('没有符合条件的登录记录')).toBeVisible();
    await shot(page, 'account-login-info');
  });

  await test.step('操作日志: filtered by module, the edit shows with who did it and the record’s name; its detail shows the changed fields', async () => {
    await openMenu(page, '设置', '操作日志');
    await expect(page).toHaveURL(/\/operlog$/);
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows.filter({ hasText: '创建企业' })).toBeVisible();
    await page.locator('.ant-select').filter({ hasText: '全部模块' }).click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: '企业与账号' })
      .click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('编辑企业信息');
    await expect(rows.first()).toContainText(m.phone);
    await expect(rows.first()).toContainText(renamed);
    await page.getByPlaceholder('操作关键字').fill('删除');
    await page.getByPlaceholder('操作关键字').press('Enter');
    await expect(page.getByText('没有符合条件的日志')).toBeVisible();
    await page.getByPlaceholder('操作关键字').fill('企业信息');
    await page.getByPlaceholder('操作关键字').press('Enter');
    await expect(rows).toHaveCount(1);
    await rows
      .first()
      .getByRole('button', { name: btnName('详情') })
      .click();
    const drawer = page.locator('.ant-drawer-content');
    await expect(drawer.locator('.ant-drawer-title')).toHaveText('日志详情');
    // Issue 12: names and the changed fields, not raw ids and JSON.
    const name = drawer.getByTestId('operlog-changes').locator('tr').filter({ hasText: '名称' });
    await expect(name).toContainText('账号测试店');
    await expect(name).toContainText(renamed);
    await expect(drawer.getByTestId('operlog-changes')).not.toContainText('{');
    await shot(page, 'account-operlog-detail');
    await page.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();
  });

  await test.step('导出 downloads the filtered log as xlsx', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: btnName('导出') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^操作日志_\d{12}\.xlsx$/);
    await shot(page, 'account-operlog');
  });

  await test.step('企业转让 (owner only) refuses a receiver who has not registered, under the field', async () => {
    await openMenu(page, '设置', '企业转让');
    await expect(page).toHaveURL(/\/rentertrans$/);
    await page.getByPlaceholder('接收人须已注册').fill('19900000009');
    await page.getByRole('button', { name: btnName('获取验证码') }).click();
    await expect(fieldError(page, '该手机号尚未注册')).toBeVisible();
    await expect(page.getByRole('button', { name: btnName('确认转让') })).toBeDisabled();
    await shot(page, 'account-renter-trans');
  });
});
