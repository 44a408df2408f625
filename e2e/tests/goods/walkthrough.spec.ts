import { expect, test } from '../../support/fixtures';
import { openMenu } from '../../support/forms';
import { btnName, loginWithPassword, shot } from '../../support/ui';

// What a new merchant ran into on the goods, form and list screens (issue 12): leaving 发布商品 without a word, an
// error out of view, the list forgetting its place, row actions cut off, Enter saving the form designer.

const DEMO = { phone: '13800138000', password: 'demo1234' };
const UNSAVED = '当前页面有未保存的修改，确定离开吗？';

// The run's machine is shared and often busy: more time per action than the default, nothing measured.
test.use({ actionTimeout: 30_000, navigationTimeout: 60_000 });
const slow = expect.configure({ timeout: 60_000 });
test.describe.configure({ timeout: 600_000 });

test.beforeEach(async ({ page }) => {
  await loginWithPassword(page, DEMO.phone, DEMO.password);
  await slow(page).toHaveURL(/\/dashboard$/);
});

test('发布商品 asks before losing work, and an empty save shows the first error in view with the cursor in it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openMenu(page, '商品', '商品管理');
  await page.getByRole('button', { name: '发布商品' }).click();
  await slow(page).toHaveURL(/\/addgoods$/);

  await test.step('an untouched form leaves without asking', async () => {
    await openMenu(page, '商品', '商品管理');
    await slow(page).toHaveURL(/\/Goodlist$/);
    await page.getByRole('button', { name: '发布商品' }).click();
    await slow(page).toHaveURL(/\/addgoods$/);
  });

  await test.step('saving it empty scrolls to 商品名称 and puts the cursor there', async () => {
    await page.getByRole('button', { name: btnName('保存') }).click();
    const title = page.getByLabel('商品名称');
    await slow(title).toBeFocused();
    await slow(title).toBeInViewport();
    await slow(page.getByText('请输入商品名称')).toBeInViewport();
    await shot(page, 'walkthrough-addgoods-first-error');
  });

  await test.step('with a change, the menu asks first: 留下 stays, 离开 goes', async () => {
    await page.getByLabel('商品名称').fill('还没保存的商品');
    await openMenu(page, '商品', '商品管理');
    const dialog = page.locator('.ant-modal-confirm').filter({ hasText: UNSAVED });
    await slow(dialog).toBeVisible();
    await shot(page, 'walkthrough-addgoods-unsaved');
    await dialog.getByRole('button', { name: btnName('留下') }).click();
    await slow(dialog).toBeHidden();
    await slow(page).toHaveURL(/\/addgoods$/);
    await slow(page.getByLabel('商品名称')).toHaveValue('还没保存的商品');

    // Closing or reloading the tab is held too (beforeunload: the browser asks with its own prompt).
    const held = () =>
      page.evaluate(() => {
        const e = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(e);
        return e.defaultPrevented;
      });
    expect(await held()).toBe(true);

    await openMenu(page, '商品', '商品管理');
    await dialog.getByRole('button', { name: btnName('离开') }).click();
    await slow(page).toHaveURL(/\/Goodlist$/);
  });
});

test('the form designer: Enter does not save, leaving asks, a new form starts unpublished', async ({ page }) => {
  await openMenu(page, '表单', '表单');
  await page.getByRole('button', { name: '新建表单' }).click();
  await slow(page).toHaveURL(/\/FormResEdit$/);
  await slow(page.getByRole('switch', { name: '生效' })).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('button', { name: btnName('单行文本') }).click();
  const name = page.getByRole('textbox', { name: '表单名称' });
  await name.fill('回车不提交');
  await name.press('Enter');
  await slow(page.getByText('保存成功')).toHaveCount(0);
  await slow(page).toHaveURL(/\/FormResEdit$/);
  await openMenu(page, '表单', '表单');
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: UNSAVED });
  await slow(dialog).toBeVisible();
  await dialog.getByRole('button', { name: btnName('离开') }).click();
  await slow(page).toHaveURL(/\/form$/);
  await slow(page.locator('.ant-table-tbody')).not.toContainText('回车不提交');
});

test('商品管理 keeps its filter, tab, sort and page after opening a goods and coming back', async ({ page }) => {
  await openMenu(page, '商品', '商品管理');
  await slow(page).toHaveURL(/\/Goodlist$/);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await slow(rows.first()).toBeVisible();
  await page.getByRole('tab', { name: '出售中' }).click();
  await slow(page).toHaveURL(/status=on_sale/);
  await page.getByPlaceholder('商品名称 / 编号 / 条形码').fill('蛋糕');
  await page.getByPlaceholder('商品名称 / 编号 / 条形码').press('Enter');
  await slow(page).toHaveURL(/keyword=%E8%9B%8B%E7%B3%95/);
  await page.locator('.ant-table-thead th').filter({ hasText: '价格' }).click();
  await slow(page).toHaveURL(/sort=price\.asc/);
  await slow(page).toHaveURL(/status=on_sale/);
  await slow(rows.first()).toContainText('蛋糕');
  const before = await rows.allInnerTexts();

  await rows
    .first()
    .getByRole('button', { name: btnName('编辑') })
    .click();
  await slow(page).toHaveURL(/\/editfrom\?id=/);
  await page.goBack();
  await slow(page).toHaveURL(/\/Goodlist\?.*keyword=/);
  await slow(page.getByPlaceholder('商品名称 / 编号 / 条形码')).toHaveValue('蛋糕');
  await slow(page.getByRole('tab', { name: '出售中', selected: true })).toBeVisible();
  await slow(page.locator('.ant-table-thead th[aria-sort="ascending"]')).toContainText('价格');
  await slow.poll(() => rows.allInnerTexts()).toEqual(before);
});

for (const width of [1280, 1440]) {
  test(`row actions stay in view at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const [path, name] of [
      ['/staffManagement', 'staff'],
      ['/AGood', 'points-goods'],
      ['/Goodlist', 'goods'],
      ['/form', 'forms'],
      ['/Catelist', 'categories'],
      ['/Unit', 'units'],
      ['/rolePermissions', 'roles'],
    ]) {
      await page.goto(path);
      const op = page
        .locator('.ant-table-thead th')
        .filter({ hasText: /^操作$/ })
        .last();
      await slow(op).toBeVisible();
      const box = await op.boundingBox();
      expect(box, path).not.toBeNull();
      // The whole 操作 column is on screen (not cut off at the right), and the page itself never scrolls sideways.
      expect((box?.x ?? 0) + (box?.width ?? 0), path).toBeLessThanOrEqual(width);
      await slow(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
      const lastCell = page.locator('.ant-table-tbody tr.ant-table-row').first().locator('td').last();
      await slow(lastCell).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), path).toBe(true);
      await shot(page, `walkthrough-${name}-${width}`);
    }
  });
}
