import ExcelJS from 'exceljs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { descriptionValue, openMenu } from '../../support/forms';
import { smsCode, smsCodes } from '../../support/server';
import { btnName, confirmDialog, freshPhone, loginWithPassword, shot, toast } from '../../support/ui';

const DEMO = { phone: '13800138000', password: 'demo1234' };
/** The headers of the import template (apps/server/src/modules/members/import, MEMBER_IMPORT_HEADERS). */
const HEADERS = ['手机号*', '姓名', '性别', '生日', '等级', '标签', '成长值', '备注'];

/** Five base-36 characters no other run of this test uses. */
const tag = () => (Date.now() % 36 ** 5).toString(36).padStart(5, '0');

type Line = Partial<Record<'手机号' | '姓名' | '性别' | '生日' | '等级' | '标签' | '成长值' | '备注', string | number>>;

/** An .xlsx the way a merchant fills the template: the 会员 sheet, one member per row. */
async function workbook(rows: Line[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('会员');
  ws.addRow(HEADERS);
  for (const r of rows) ws.addRow(HEADERS.map((h) => r[h.replace('*', '') as keyof Line] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The rows of the antd table in scope. */
const rows = (scope: Page | Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');

/** The table row that shows this text. */
function row(scope: Page | Locator, text: string): Locator {
  return rows(scope).filter({ hasText: text });
}

/** The value of an antd Statistic by its exact title. */
function statistic(scope: Page | Locator, title: string): Locator {
  return scope
    .locator('.ant-statistic')
    .filter({ has: scope.locator('.ant-statistic-title', { hasText: new RegExp(`^${title}$`) }) })
    .locator('.ant-statistic-content');
}

/** An antd select (the box a merchant clicks) by its accessible name. */
function selectBox(page: Page, name: string): Locator {
  return page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name, exact: true }) });
}

/**
 * Picks an option of the open antd select dropdown by its exact text. The list is virtual (only the options in view
 * are rendered): while the option is not there, the wheel scrolls the list up, as a merchant would.
 */
async function pickOption(page: Page, text: string) {
  // The list just opened: another select's list may still be sliding away.
  const dropdown = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden):not(.ant-slide-up-leave)');
  const option = dropdown.locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${text}$`) });
  await expect(dropdown).toBeVisible();
  await expect(async () => {
    if (!(await option.isVisible())) {
      await dropdown.locator('.rc-virtual-list-holder').hover();
      await page.mouse.wheel(0, -300);
    }
    await expect(option).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await option.click();
}

/**
 * Opens an antd multiple select, types to filter its options and picks the one with this exact text; then clicks
 * `away` (a title beside it) to close the dropdown, as a merchant does.
 */
async function chooseIn(page: Page, select: Locator, text: string, away: Locator) {
  await select.click();
  await page.keyboard.type(text);
  await pickOption(page, text);
  await away.click();
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0);
}

/** Uploads an .xlsx on 新建导入 and waits for the preview (对应列与预览). */
async function uploadFile(page: Page, name: string, buffer: Buffer) {
  await expect(page.getByText('点击或拖拽 .xlsx 文件到此处上传')).toBeVisible();
  await page.locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer,
  });
  await expect(page.locator('.ant-card-head-title').filter({ hasText: '列对应' })).toBeVisible();
  await expect(page.locator('.ant-descriptions-item').filter({ hasText: '文件' })).toContainText(name);
}

// The demo owner imports members from a spreadsheet with two bad rows (only the valid ones), imports the corrected file
// again (the members already imported are skipped), tags the five with a new manual tag, builds a group of that tag,
// raises one member's growth into 白银会员 and sees it in the member's history; the member then sees the level in the
// shop's H5 member centre. Everything it makes stays in 演示店铺 under names no other run uses.
test('a merchant imports members, tags them, groups them by rule and adjusts one member’s growth', async ({ page, customer }) => {
  test.setTimeout(180_000);
  const t = tag();
  const names = ['甲', '乙', '丙', '丁', '戊'].map((n) => `会员${t}${n}`);
  const phones = names.map(() => freshPhone());
  const good: Line[] = [
    { 手机号: phones[0], 姓名: names[0], 性别: '男', 生日: '1990-01-31', 备注: `导入测试${t}` },
    { 手机号: phones[1], 姓名: names[1], 性别: '女', 生日: '1988/5/6' },
    { 手机号: phones[2], 姓名: names[2] },
  ];
  const badPhone = '1380013';
  const badBirthday = '1990-13-45';
  const firstFile = await workbook([
    ...good,
    { 手机号: badPhone, 姓名: names[3] },
    { 手机号: phones[4], 姓名: names[4], 生日: badBirthday },
  ]);
  const fixedFile = await workbook([
    ...good,
    { 手机号: phones[3], 姓名: names[3] },
    { 手机号: phones[4], 姓名: names[4], 生日: '1995-12-01' },
  ]);
  const tagName = `导入客${t}`;
  const groupName = `导入分组${t}`;

  await test.step('会员导入 › 新建导入: the preview shows the two bad rows with their messages', async () => {
    await loginWithPassword(page, DEMO.phone, DEMO.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await openMenu(page, '会员', '会员导入');
    await expect(page).toHaveURL(/\/member\/import$/);
    await page.getByRole('button', { name: '新建导入' }).click();
    await expect(page).toHaveURL(/\/member\/addimport$/);
    await uploadFile(page, `会员导入${t}.xlsx`, firstFile);
    await expect(statistic(page, '总行数')).toHaveText('5');
    await expect(statistic(page, '正确')).toHaveText('3');
    await expect(statistic(page, '错误')).toHaveText('2');
    await expect(statistic(page, '已是会员')).toHaveText('0');
    // The bad rows are listed first, each with its message (rows 5 and 6 of the sheet).
    await expect(page.getByRole('tab', { name: '错误行（2）' })).toHaveAttribute('aria-selected', 'true');
    await expect(rows(page)).toHaveCount(2);
    await expect(row(page, badPhone)).toContainText('手机号格式不正确');
    await expect(row(page, badPhone).locator('td').first()).toHaveText('5');
    await expect(row(page, names[4])).toContainText('生日格式不正确');
    await expect(row(page, names[4]).locator('td').first()).toHaveText('6');
    // With bad rows, 确认导入 waits for 仅导入正确的行.
    await expect(page.getByRole('button', { name: '确认导入' })).toBeDisabled();
    await shot(page, 'members-import-preview');
  });

  await test.step('仅导入正确的行: the detail page follows the import to the end, 3 created', async () => {
    await page.getByRole('checkbox', { name: '仅导入正确的行（跳过2行错误数据）' }).check();
    await page.getByRole('button', { name: '确认导入' }).click();
    await confirmDialog(page, '将导入3行（其中0行已是会员，将跳过），跳过2行错误数据，是否继续？', { ok: '确认导入' });
    await expect(toast(page, '正在导入3位会员')).toBeVisible();
    await expect(page).toHaveURL(/\/member\/importdetail\?id=/);
    await expect(page.locator('.ant-descriptions-item').filter({ hasText: '状态' })).toContainText('已完成', { timeout: 30_000 });
    await expect(page.locator('.ant-progress')).toHaveClass(/ant-progress-status-success/);
    await expect(page.locator('.ant-progress-text')).toHaveText('5/5');
    await expect(statistic(page, '新增')).toHaveText('3');
    await expect(statistic(page, '更新')).toHaveText('0');
    await expect(statistic(page, '错误')).toHaveText('2');
    for (const n of names.slice(0, 3)) await expect(row(page, n)).toContainText('新增');
    await expect(row(page, badPhone)).toContainText('手机号格式不正确');
    await shot(page, 'members-import-detail');
  });

  await test.step('the corrected file again: the 3 earlier rows are 已是会员, only the 2 fixed ones are created', async () => {
    await page.getByRole('button', { name: '返回列表' }).click();
    await expect(page).toHaveURL(/\/member\/import$/);
    await expect(row(page, `会员导入${t}.xlsx`)).toContainText('已完成');
    await page.getByRole('button', { name: '新建导入' }).click();
    await uploadFile(page, `会员导入${t}-修正.xlsx`, fixedFile);
    await expect(statistic(page, '总行数')).toHaveText('5');
    await expect(statistic(page, '错误')).toHaveText('0');
    await expect(statistic(page, '已是会员')).toHaveText('3');
    await page.getByRole('tab', { name: '已是会员（3）' }).click();
    await expect(rows(page)).toHaveCount(3);
    for (const n of names.slice(0, 3)) await expect(row(page, n)).toContainText('已是会员');
    await page.getByRole('tab', { name: '错误行（0）' }).click();
    await expect(page.getByText('没有错误行')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /仅导入正确的行/ })).toHaveCount(0);
    await page.getByRole('button', { name: '确认导入' }).click();
    await confirmDialog(page, '将导入5行（其中3行已是会员，将跳过），是否继续？', { ok: '确认导入' });
    await expect(page).toHaveURL(/\/member\/importdetail\?id=/);
    await expect(page.locator('.ant-descriptions-item').filter({ hasText: '状态' })).toContainText('已完成', { timeout: 30_000 });
    await expect(statistic(page, '新增')).toHaveText('2');
    await expect(statistic(page, '跳过')).toHaveText('3');
    await expect(statistic(page, '错误')).toHaveText('0');
    await page.getByRole('tab', { name: '新增' }).click();
    await expect(rows(page)).toHaveCount(2);
    await expect(row(page, names[3])).toBeVisible();
    await expect(row(page, names[4])).toBeVisible();
  });

  await test.step('标签管理 › 新建标签: a manual tag', async () => {
    await openMenu(page, '会员', '标签管理');
    await expect(page).toHaveURL(/\/labeltag$/);
    await page.getByRole('button', { name: '新建标签' }).click();
    await expect(page).toHaveURL(/\/labeltag\/edittag$/);
    await page.getByRole('textbox', { name: '标签名称' }).fill(tagName);
    await expect(page.getByRole('radio', { name: '手动标签' })).toBeChecked();
    await page.getByRole('button', { name: btnName('保存') }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(page).toHaveURL(/\/labeltag$/);
    await page.getByPlaceholder('标签名称').fill(tagName);
    await page.getByPlaceholder('标签名称').press('Enter');
    await expect(row(page, tagName)).toContainText('手动标签');
  });

  await test.step('客户查询: the five found by the run’s names, tagged at once', async () => {
    await openMenu(page, '会员', '客户查询');
    await expect(page).toHaveURL(/\/customerInquiry/);
    await page.getByLabel('关键字').fill(`会员${t}`);
    await page.getByRole('button', { name: btnName('查询') }).click();
    await expect(rows(page)).toHaveCount(5);
    for (const n of names) await expect(row(page, n)).toBeVisible();
    await expect(statistic(page, '客户数')).toHaveText('5');
    await expect(row(page, names[0])).toContainText('普通会员');
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    await expect(page.getByText('已选 5 个客户')).toBeVisible();
    await page.getByRole('button', { name: '打标签' }).click();
    const dialog = page.getByRole('dialog', { name: '打标签（已选5个客户）' });
    await expect(dialog).toBeVisible();
    await chooseIn(page, dialog.getByRole('combobox', { name: '标签' }), tagName, dialog.locator('.ant-modal-title'));
    await expect(dialog.locator('.ant-select-selection-item')).toHaveText(tagName);
    await shot(page, 'members-tag-modal');
    await dialog.getByRole('button', { name: btnName('确定') }).click();
    await expect(toast(page, '打标签成功（新增5个）')).toBeVisible();
    await expect(dialog).toBeHidden();
    for (const n of names) await expect(row(page, n)).toContainText(tagName);
  });

  await test.step('会员分组 › 新建分组: 标签 包含任一 the new tag counts 5 人 live; the list shows the group with 5', async () => {
    await openMenu(page, '会员', '会员分组');
    await expect(page).toHaveURL(/\/mebgroup$/);
    await page.getByRole('button', { name: '新建分组' }).click();
    await expect(page).toHaveURL(/\/EditGroup$/);
    await page.getByRole('textbox', { name: '分组名称' }).fill(groupName);
    await selectBox(page, '条件字段').click();
    await pickOption(page, '标签');
    await expect(selectBox(page, '条件字段')).toContainText('标签');
    await expect(selectBox(page, '包含方式')).toContainText('包含任一');
    await chooseIn(page, page.getByRole('combobox', { name: '标签' }), tagName, page.locator('.ant-card-head-title'));
    await expect(page.locator('.ant-select-selection-item').filter({ hasText: tagName })).toBeVisible();
    await expect(page.locator('[aria-live="polite"]')).toHaveText('当前符合条件的会员：5 人');
    await shot(page, 'members-group-edit');
    await page.getByRole('button', { name: btnName('保存') }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(page).toHaveURL(/\/mebgroup$/);
    await page.getByPlaceholder('分组名称').fill(groupName);
    await page.getByPlaceholder('分组名称').press('Enter');
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, groupName)).toContainText(`标签包含任一：${tagName}`);
    await expect(row(page, groupName)).toContainText('5 人');
  });

  await test.step('会员详情: 调整成长值 +600 moves the member to 白银会员; 互动事件 lists the change', async () => {
    await openMenu(page, '会员', '客户查询');
    await page.getByLabel('关键字').fill(names[0]);
    await page.getByRole('button', { name: btnName('查询') }).click();
    await expect(rows(page)).toHaveCount(1);
    await row(page, names[0]).getByRole('link', { name: '详情' }).click();
    await expect(page).toHaveURL(/\/memberdetail\?id=/);
    await expect(page.getByRole('heading', { name: names[0] })).toBeVisible();
    await expect(page.getByText(tagName)).toBeVisible();
    await page.getByRole('tab', { name: '等级与成长值' }).click();
    const level = page.locator('.ant-tabs-tabpane-active');
    await expect(descriptionValue(level, '成长值')).toHaveText('0');
    await expect(descriptionValue(level, '免费等级')).toHaveText('普通会员');
    await page.getByRole('button', { name: '调整成长值' }).click();
    const dialog = page.getByRole('dialog', { name: '调整成长值' });
    await expect(dialog.getByText('当前成长值：0。')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: '增加' })).toBeChecked();
    await dialog.getByLabel('成长值').fill('600');
    await dialog.getByLabel('调整原因').fill(`导入会员奖励${t}`);
    await dialog.getByRole('button', { name: btnName('确定') }).click();
    await expect(toast(page, '调整成功，等级变为白银会员')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(descriptionValue(level, '成长值')).toHaveText('600');
    await expect(descriptionValue(level, '免费等级')).toHaveText('白银会员');
    await expect(descriptionValue(level, '下一等级')).toContainText('黄金会员（需成长值 2000，还差 1400）');
    await expect(page.locator('.ant-tag-gold')).toHaveText('白银会员');
    await shot(page, 'members-detail-level');
    await page.getByRole('tab', { name: '互动事件' }).click();
    await expect(row(page, '增加成长值600')).toContainText(`原因：导入会员奖励${t}；调整后成长值 600`);
    await expect(row(page, '等级变为白银会员')).toContainText('成长值 600');
    await shot(page, 'members-detail-events');
  });

  await test.step('the member logs in to the shop’s H5 member centre and sees 白银会员 and the growth', async () => {
    const shopId = await page.evaluate(() => JSON.parse(localStorage.getItem('loginInfo') ?? '{}').self?.shopID as string);
    expect(shopId, 'the shop id of the console session').toMatch(/^[0-9a-f-]{36}$/);
    await customer.goto(`/h5/shop/${shopId}/member`);
    await expect(customer.getByText('登录后查看会员等级、成长值与权益')).toBeVisible();
    await customer.getByPlaceholder('请输入手机号').fill(phones[0]);
    const before = smsCodes(phones[0]).length;
    await customer.getByRole('button', { name: '获取验证码' }).click();
    await customer.getByPlaceholder('请输入验证码').fill(await smsCode(phones[0], { after: before }));
    await customer.getByRole('button', { name: '登录 / 注册' }).click();
    const welcome = customer.getByRole('alert').filter({ hasText: '登录成功' });
    await expect(welcome).toBeVisible();
    const card = customer.getByRole('region', { name: '我的等级' });
    await expect(card).toBeVisible();
    await expect(card.locator('.level-name')).toHaveText('白银会员');
    await expect(card.locator('.level-growth')).toHaveText('成长值 600');
    await expect(customer.getByText(/再获得\s*1400\s*成长值升级为\s*黄金会员/)).toBeVisible();
    await expect(welcome).toBeHidden();
    await shot(customer, 'members-h5-centre');
  });
});
