import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { openMenu } from '../../support/forms';
import { smsCode, smsCodes } from '../../support/server';
import { btnName, fieldError, freshPhone, loginWithPassword, shot, toast } from '../../support/ui';

const DEMO = { phone: '13800138000', password: 'demo1234', shop: '演示店铺' };
const STAFF_PWD = 'Staff1234';

/** Five base-36 characters no other run of this test uses. */
const tag = () => (Date.now() % 36 ** 5).toString(36).padStart(5, '0');

function row(page: Page, text: string): Locator {
  return page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: text });
}

/** Chooses an option of the antd Select labelled by a form item. */
async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: option }).click();
}

// The demo owner makes a role that may only look at goods and invites a new phone into it. The invitee sets a
// password through 忘记密码, logs in in a browser of their own and sees only the goods; the owner then disables them
// and their open console leaves for the login page at once. The role and the (disabled) member stay in 演示店铺 under
// names no other run uses.
test('an owner invites a staff member with a goods-only role, and disabling them logs their open console out', async ({
  page,
  browser,
  pageErrors,
}) => {
  const roleName = `只看商品${tag()}`;
  const staffName = `店员${tag()}`;
  const phone = freshPhone();

  await test.step('a role that may only look at goods', async () => {
    await loginWithPassword(page, DEMO.phone, DEMO.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openMenu(page, '设置', '角色权限');
    await expect(page).toHaveURL(/\/rolePermissions$/);
    await expect(page).toHaveTitle(`角色权限 - ${DEMO.shop}`);
    await expect(row(page, '超级管理员')).toContainText('拥有全部权限');
    await page.getByRole('button', { name: '新增岗位' }).click();
    await expect(page).toHaveURL(/\/editjob$/);
    await page.getByRole('button', { name: btnName('保存') }).click();
    await expect(fieldError(page, '请输入岗位名称')).toBeVisible();
    await page.getByLabel('岗位名称').fill(roleName);
    await page.getByLabel('备注').fill('只能查看商品');
    // 导出 brings 查看 with it; unticking 查看 clears both, then 查看 alone.
    await page.getByRole('checkbox', { name: '商品管理导出' }).check();
    await expect(page.getByRole('checkbox', { name: '商品管理查看' })).toBeChecked();
    await page.getByRole('checkbox', { name: '商品管理查看' }).uncheck();
    await expect(page.getByRole('checkbox', { name: '商品管理导出' })).not.toBeChecked();
    await page.getByRole('checkbox', { name: '商品管理查看' }).check();
    await shot(page, 'team-role-edit');
    await page.getByRole('button', { name: btnName('保存') }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(page).toHaveURL(/\/rolePermissions$/);
    await expect(row(page, roleName)).toContainText('只能查看商品');
    await shot(page, 'team-role-list');
  });

  await test.step('a staff member invited by phone into that role', async () => {
    await openMenu(page, '设置', '员工管理');
    await expect(page).toHaveURL(/\/staffManagement$/);
    await page.getByRole('button', { name: '添加员工' }).click();
    await expect(page).toHaveURL(/\/EditStaff$/);
    await page.getByLabel('手机号').fill('1234');
    await page.getByRole('button', { name: btnName('添加并发送邀请') }).click();
    await expect(fieldError(page, '手机号格式不正确')).toBeVisible();
    await expect(fieldError(page, '请输入员工姓名')).toBeVisible();
    await expect(fieldError(page, '请选择岗位')).toBeVisible();
    await page.getByLabel('手机号').fill(DEMO.phone);
    await page.getByLabel('姓名').fill(staffName);
    await choose(page, '岗位', roleName);
    await page.getByRole('button', { name: btnName('添加并发送邀请') }).click();
    await expect(fieldError(page, '该手机号已是本企业员工')).toBeVisible();
    await page.getByLabel('手机号').fill(phone);
    await shot(page, 'team-staff-add');
    await page.getByRole('button', { name: btnName('添加并发送邀请') }).click();
    await expect(toast(page, '添加成功，已发送邀请短信')).toBeVisible();
    await expect(page).toHaveURL(/\/staffManagement$/);
    await expect(row(page, phone)).toContainText(roleName);
    await expect(row(page, phone)).toContainText('从未登录');
  });

  const staffContext = await browser.newContext({
    baseURL: page.url().replace(/\/staffManagement$/, ''),
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
  });
  const staff = await staffContext.newPage();
  staff.on('pageerror', (e) => pageErrors.push(e));

  await test.step('the invitee sets a password through 忘记密码 and sees only the goods', async () => {
    await staff.goto('/login');
    await staff.getByRole('link', { name: '忘记密码' }).click();
    await expect(staff).toHaveURL(/\/Resetpwd$/);
    await staff.getByLabel('手机号').fill(phone);
    const before = smsCodes(phone).length;
    await staff.getByRole('button', { name: '获取验证码' }).click();
    await staff.getByPlaceholder('短信验证码').fill(await smsCode(phone, { after: before }));
    await staff.getByLabel('新密码').fill(STAFF_PWD);
    await staff.getByRole('button', { name: btnName('重置密码') }).click();
    await expect(toast(staff, '密码重置成功!')).toBeVisible();
    await expect(staff).toHaveURL(/\/login$/);

    // Socket.io's first event on the live connection: the console can be told to leave from then on.
    const connected = new Promise<void>((resolve) => {
      staff.on('websocket', (ws) => ws.on('framereceived', (f) => String(f.payload).includes('"welcome"') && resolve()));
    });
    await loginWithPassword(staff, phone, STAFF_PWD, { goto: false });
    await expect(staff).toHaveURL(/\/Goodlist$/);
    // Besides what every member has (their own settings), the menu holds the goods entry alone.
    const firstLevel = staff.getByRole('navigation', { name: '一级菜单' });
    await expect(firstLevel.getByRole('menuitem').filter({ hasText: '商品' })).toHaveCount(1);
    for (const area of ['订单', '表单', '素材']) await expect(firstLevel.getByRole('menuitem').filter({ hasText: area })).toHaveCount(0);
    const second = staff.getByRole('navigation', { name: '二级菜单' });
    await expect(second.getByRole('menuitem', { name: '商品管理', exact: true })).toBeVisible();
    for (const entry of ['商品分类', '商品单位', '积分商城商品'])
      await expect(second.getByRole('menuitem', { name: entry, exact: true })).toHaveCount(0);
    await expect(staff.getByRole('button', { name: '发布商品' })).toHaveCount(0);
    await shot(staff, 'team-staff-goods-only');
    const settings = firstLevel.getByRole('menuitem').filter({ hasText: '设置' });
    if ((await settings.count()) > 0) {
      await settings.click();
      for (const entry of ['员工管理', '角色权限']) await expect(second.getByRole('menuitem', { name: entry, exact: true })).toHaveCount(0);
    }

    for (const forbidden of ['/staffManagement', '/operlog']) {
      await staff.goto(forbidden);
      await expect(staff).toHaveURL(/\/403$/);
      await expect(staff.getByText('抱歉，你无权访问该页面')).toBeVisible();
    }
    await expect(staff.getByText('添加员工')).toHaveCount(0);
    await shot(staff, 'team-staff-no-access');
    await staff.goto('/Goodlist');
    await expect(staff.locator('.ant-table')).toBeVisible();
    // 查看 only: the list shows, what would change it does not.
    await expect(staff.getByRole('button', { name: /发布商品/ })).toHaveCount(0);
    await expect(staff.getByRole('button', { name: '批量删除' })).toHaveCount(0);
    await connected;
  });

  await test.step('the owner sees the login in the member details', async () => {
    await page.reload();
    await row(page, phone).getByRole('button', { name: '详情' }).click();
    await expect(page).toHaveURL(/\/ShowStaff\?id=/);
    await expect(page.getByText('员工资料')).toBeVisible();
    const logins = page.locator('.ant-card').filter({ hasText: '最近登录' });
    await expect(logins.locator('.ant-table-row').first()).toContainText('成功');
    await shot(page, 'team-staff-detail');
    await page.getByRole('button', { name: btnName('返回') }).click();
    await expect(page).toHaveURL(/\/staffManagement$/);
  });

  await test.step('disabling the member logs their open console out with the reason', async () => {
    await row(page, phone).getByRole('switch').click();
    const dialog = page.locator('.ant-modal-confirm').filter({ hasText: `确定停用员工「${staffName}」?` });
    await expect(dialog).toBeVisible();
    await shot(page, 'team-staff-disable-confirm');
    await dialog.getByRole('button', { name: btnName('确定') }).click();
    await expect(toast(page, '停用成功')).toBeVisible();
    await expect(row(page, phone).getByRole('switch')).not.toBeChecked();

    await expect(staff).toHaveURL(/\/login$/);
    await expect(toast(staff, '您的账号已被停用，请联系管理员')).toBeVisible();
    await shot(staff, 'team-staff-logged-out');
    expect(await staff.evaluate(() => localStorage.getItem('loginInfo'))).toBeNull();
  });

  await staffContext.close();
});
