import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../support/fixtures';
import { pngBuffer } from '../../support/forms';
import { apiCall, btnName, loginWithPassword, shot, toast } from '../../support/ui';

const DEMO = { phone: '13800138000', password: 'demo1234' };

/** Five base-36 characters no other run of this test uses. */
const tag = () => (Date.now() % 36 ** 5).toString(36).padStart(5, '0');

/** The goods table row that shows this title. */
function row(page: Page, title: string): Locator {
  return page.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByText(title, { exact: true }) });
}

/** The open (visible) antd select dropdown's option with this text. */
function option(page: Page, text: string): Locator {
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: text });
}

/** The session token the console keeps after logging in. */
async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('loginInfo') ?? '{}').token as string);
}

async function searchGoods(page: Page, keyword: string) {
  const search = page.getByPlaceholder('商品名称 / 编号 / 条形码');
  // The list page is a chunk of its own: on a busy machine it can take a while to arrive.
  await expect(search).toBeEditable({ timeout: 30_000 });
  await search.fill(keyword);
  await search.press('Enter');
}

// The demo owner publishes a goods with 到店自提 added to its delivery, a 365-day warranty, an extension property made
// in the 管理扩展属性 dialog, and a rich-text description with bold text and an image from an upload; after a reload
// of its edit page all of it is there. Then two goods change type and logistics together from the list's 批量操作.
// Everything made is deleted at the end.
test('goods extras: delivery, warranty, extensions, rich text, and bulk type / logistics', async ({ page, request }) => {
  // A long walk through two screens and four dialogs on a shared two-core machine.
  test.setTimeout(180_000);
  const t = tag();
  const title = `云南普洱${t}`;
  const keyName = `产地${t}`;
  let goodsId = '';

  await test.step('the edit form: delivery, post fee mode, warranty', async () => {
    await loginWithPassword(page, DEMO.phone, DEMO.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/addgoods');
    await page.getByLabel('商品名称').fill(title);
    await page.getByLabel('价格', { exact: true }).fill('88');
    await page.getByLabel('库存', { exact: true }).fill('20');
    await expect(page.getByRole('checkbox', { name: '快递发货' })).toBeChecked();
    await page.getByRole('checkbox', { name: '到店自提' }).check();
    // 运费模板 is offered beside the flat fee (tests/delivery/delivery.spec.ts chooses one).
    await expect(page.getByRole('radio', { name: '运费模板' })).toBeEnabled();
    await page.getByLabel('运费', { exact: true }).fill('6');
    await page.getByLabel('保修天数').fill('365');
  });

  await test.step('管理扩展属性: a new property with preset values, then used on the goods', async () => {
    await page.getByRole('button', { name: '管理扩展属性' }).click();
    const manage = page.getByRole('dialog', { name: '管理扩展属性' });
    await manage.getByRole('button', { name: '新建属性' }).click();
    const form = page.getByRole('dialog', { name: '新建扩展属性' });
    await form.getByLabel('属性名称').fill(keyName);
    const values = form.getByRole('combobox', { name: '可选值' });
    await values.fill('云南');
    await values.press('Enter');
    await values.fill('福建');
    await values.press('Enter');
    await form.getByRole('button', { name: btnName('保存') }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(manage.getByRole('row').filter({ hasText: keyName })).toContainText('福建');
    await shot(page, 'goods-property-keys');
    await manage.locator('.ant-modal-close').click();
    await expect(manage).toBeHidden();
    // This toast is gone before the goods' own 保存 below shows its 保存成功 (two of them at once are ambiguous).
    await expect(toast(page, '保存成功')).toHaveCount(0);

    await page.getByRole('button', { name: '添加扩展属性' }).click();
    await page.getByRole('combobox', { name: '扩展属性1', exact: true }).click();
    await option(page, keyName).click();
    await page.getByRole('combobox', { name: '扩展属性1的值' }).fill('云南');
  });

  await test.step('rich text: bold text and an uploaded image', async () => {
    const editor = page.getByRole('textbox', { name: '商品详情' });
    await editor.click();
    await page.keyboard.type('口感醇厚');
    await page.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('陈年好茶');
    await expect(editor.locator('strong')).toHaveText('陈年好茶');
    // Bold goes on where the caret was, after the plain text.
    await expect(editor).toHaveText('口感醇厚陈年好茶');
    await page.getByRole('button', { name: '插入图片' }).click();
    const insert = page.getByRole('dialog', { name: '插入图片' });
    await insert.getByRole('button', { name: '选择图片' }).click();
    const picker = page.getByRole('dialog', { name: '选择图片' });
    await picker.getByRole('tab', { name: '本地上传' }).click();
    await picker
      .locator('input[type=file]')
      .setInputFiles({ name: `tea-${t}.png`, mimeType: 'image/png', buffer: pngBuffer(120, [120, 80, 20]) });
    await expect(picker.getByRole('button', { name: /确定（1）/ })).toBeEnabled();
    await picker.getByRole('button', { name: /确定/ }).click();
    await expect(insert.locator('.media-picked-item img')).toHaveAttribute('src', /^\/file\/.+\.png$/);
    await insert.getByRole('button', { name: btnName('插入') }).click();
    // img[src]: the editor draws images of its own (ProseMirror-separator, no src) beside an inline image.
    await expect(editor.locator('img[src]')).toHaveAttribute('src', /^\/file\/.+\.png$/);
    // A click on the image offers its width.
    await editor.locator('img[src]').click();
    await page.getByRole('button', { name: '50%' }).click();
    await expect(editor.locator('img[src]')).toHaveAttribute('style', /width: 50%/);
    await shot(page, 'goods-edit-extras');
  });

  await test.step('saved, and all of it is there after a reload of the edit page', async () => {
    await page.getByRole('button', { name: btnName('保存') }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    // The goods list, or the save-result page where the menu has it.
    await expect(page).toHaveURL(/\/(Goodlist$|SaveGood\?id=)/);
    await page.goto('/Goodlist');
    await searchGoods(page, title);
    await row(page, title).getByRole('button', { name: '编辑' }).click();
    await expect(page).toHaveURL(/\/editfrom\?id=/);
    goodsId = new URL(page.url()).searchParams.get('id') ?? '';
    await page.reload();
    await expect(page.getByLabel('商品名称')).toHaveValue(title);
    await expect(page.getByRole('checkbox', { name: '快递发货' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: '到店自提' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: '同城配送' })).not.toBeChecked();
    await expect(page.getByLabel('保修天数')).toHaveValue('365');
    await expect(page.getByLabel('运费', { exact: true })).toHaveValue('6');
    const extension = page.locator('.ant-form-item').filter({ has: page.getByRole('combobox', { name: '扩展属性1', exact: true }) });
    await expect(extension).toContainText(keyName);
    await expect(page.getByRole('combobox', { name: '扩展属性1的值' })).toHaveValue('云南');
    const editor = page.getByRole('textbox', { name: '商品详情' });
    await expect(editor.locator('strong')).toHaveText('陈年好茶');
    await expect(editor).toHaveText('口感醇厚陈年好茶');
    // The image was inserted at the caret, after the text, in a paragraph of its own.
    expect(await editor.innerHTML()).toMatch(/<p>口感醇厚<strong>陈年好茶<\/strong><\/p><p><img /);
    await page.getByText('物流与售后').scrollIntoViewIfNeeded();
    await shot(page, 'goods-edit-extras-saved');
    await expect(editor.locator('img[src]')).toHaveAttribute('style', /width: 50%/);
    await expect(editor.locator('img[src]')).toHaveAttribute('src', /^\/file\/.+\.png$/);
  });

  const token = await tokenOf(page);
  const second = `配套茶具${t}`;
  const secondId = (
    await apiCall<{ id: string }>(
      request,
      '/Goods/Goods/save',
      { title: second, skus: [{ specValues: {}, price: 30, stock: 3 }], status: 1 },
      token,
    )
  ).id;

  await test.step('bulk 修改类型 and 修改物流 on two goods', async () => {
    await page.goto('/Goodlist');
    await searchGoods(page, t);
    await expect(row(page, title)).toBeVisible();
    await expect(row(page, second)).toBeVisible();
    await row(page, title).getByRole('checkbox').check();
    await row(page, second).getByRole('checkbox').check();

    await page.getByRole('button', { name: /批量操作/ }).click();
    await page.getByRole('menuitem', { name: '修改类型' }).click();
    const typeDialog = page.getByRole('dialog', { name: '修改类型（已选 2 个商品）' });
    await typeDialog.getByRole('radio', { name: '虚拟商品' }).check();
    await typeDialog.getByRole('button', { name: btnName('确定') }).click();
    await expect(toast(page, '修改成功')).toBeVisible();
    await expect(typeDialog).toBeHidden();

    await row(page, title).getByRole('checkbox').check();
    await row(page, second).getByRole('checkbox').check();
    await page.getByRole('button', { name: /批量操作/ }).click();
    await page.getByRole('menuitem', { name: '修改物流' }).click();
    const logistics = page.getByRole('dialog', { name: '修改物流（已选 2 个商品）' });
    await logistics.getByRole('checkbox', { name: '快递发货' }).uncheck();
    await logistics.getByRole('button', { name: btnName('确定') }).click();
    await expect(logistics.locator('.ant-form-item-explain-error')).toHaveText('请至少选择一种配送方式');
    await logistics.getByRole('checkbox', { name: '同城配送' }).check();
    await logistics.getByLabel('运费', { exact: true }).fill('12.5');
    await shot(page, 'goods-bulk-logistics');
    await logistics.getByRole('button', { name: btnName('确定') }).click();
    await expect(toast(page, '物流设置已修改')).toBeVisible();
    await expect(logistics).toBeHidden();

    for (const id of [goodsId, secondId]) {
      const d = await apiCall<{ type: number; delivery: string[]; postFee: number }>(request, '/Goods/Goods/detail', { id }, token);
      expect(d).toMatchObject({ type: 2, delivery: ['local'], postFee: 12.5 });
    }
  });

  await test.step('clean up: the goods, then the property (now unused)', async () => {
    await apiCall(request, '/Goods/Goods/delete', { ids: [goodsId, secondId] }, token);
    const keys = await apiCall<{ id: string; name: string }[]>(request, '/Goods/Goods/GetRenterPropertyKeys', {}, token);
    const key = keys.find((k) => k.name === keyName);
    expect(key).toBeTruthy();
    await apiCall(request, '/Goods/Goods/DeleteRenterPropertyKey', { ids: [key?.id] }, token);
  });
});
