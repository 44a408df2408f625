import { expect, test } from '../../support/fixtures';
import {
  descriptionValue,
  designer,
  fillLink,
  h5Field,
  newForm,
  pngBuffer,
  pushedNotice,
  saveForm,
  tableRow,
  uniqueName,
  watchHub,
} from '../../support/forms';
import { btnName, loginWithPassword, shot, toast } from '../../support/ui';

const DEMO = { phone: '13800138000', password: 'demo1234', shop: '演示店铺' };
const CUSTOMER = { name: '张小满', phone: '13712345678', count: '3', choice: '选项2', date: '2025-06-07' };
/** The fields as the canvas shows them once 数字 has moved down one place (the arrow) and 日期 dragged onto 单选. */
const FIELDS = ['姓名', '手机号', '日期', '单选', '数字', '图片上传'];

// The demo owner designs a free form; a customer fills it on a phone while the console gets the realtime notice; the
// owner reads and exports the submission, cannot delete the form, and disables it. The form (unique name) stays in
// 演示店铺: with a submission it cannot be deleted, and it ends disabled.
test('a merchant designs a form, a customer fills it on a phone, the merchant reads, exports and disables it', async ({
  page,
  customer,
}) => {
  const formName = uniqueName('周末试吃报名');
  const hub = watchHub(page);
  let link = '';

  await test.step('the merchant designs the form: six field kinds, one renamed, two required, one moved', async () => {
    await loginWithPassword(page, DEMO.phone, DEMO.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await newForm(page);
    await page.getByRole('textbox', { name: '表单名称' }).fill(formName);
    await page.getByRole('textbox', { name: '表单说明' }).fill('周六下午到店试吃新品，名额有限。');
    const d = designer(page);
    await d.add('单行文本');
    await d.setSelected({ label: '姓名', required: true });
    await d.add('手机号');
    await d.setSelected({ required: true });
    for (const kind of ['数字', '单选', '日期', '图片上传']) await d.add(kind);
    await expect(d.labels).toHaveText(['姓名', '手机号', '数字', '单选', '日期', '图片上传']);
    await expect(d.card('单选')).toContainText('选项1 / 选项2');
    await expect(d.card('姓名').getByText('*')).toBeVisible();
    await expect(d.card('手机号').getByText('*')).toBeVisible();
    await expect(page.locator('.ant-card-head-title').filter({ hasText: '表单字段（6）' })).toBeVisible();

    await d.card('数字').getByRole('button', { name: '下移' }).click();
    await expect(d.labels).toHaveText(['姓名', '手机号', '单选', '数字', '日期', '图片上传']);
    await d.card('日期').dragTo(d.card('单选'));
    await expect(d.labels).toHaveText(FIELDS);
    await d.card('单选').click();
    await expect(d.settings.getByLabel('选项1')).toHaveValue('选项1');
    await expect(d.settings.getByLabel('选项2')).toHaveValue('选项2');
    await shot(page, 'forms-designer');
    // A new form starts unpublished: the merchant switches 生效 on when it is ready.
    const publish = page.getByRole('switch', { name: '生效' });
    await expect(publish).toHaveAttribute('aria-checked', 'false');
    await publish.click();

    await saveForm(page);
    const row = tableRow(page, formName);
    await expect(row).toContainText('免费');
    await expect(row).toContainText('生效');
    await expect(row.locator('td').nth(5)).toHaveText('0'); // 提交量
    const opened = await fillLink(page, row);
    link = opened.url;
    await shot(page, 'forms-list-link');
    await row.getByRole('button', { name: '填写链接' }).click();
    await expect(opened.popover).toBeHidden();
  });

  await test.step('the customer opens the link on a phone: a wrong phone shows its message under the field', async () => {
    await customer.goto(link);
    await expect(customer).toHaveTitle(formName);
    await expect(customer.locator('.form-name')).toHaveText(formName);
    await expect(customer.locator('.shop')).toHaveText(`演${DEMO.shop}`);
    await expect(customer.locator('.field-label')).toHaveText(['*姓名', '*手机号', '日期', '单选', '数字', '图片上传（最多1张）']);
    await h5Field(customer, '姓名').getByRole('textbox').fill(CUSTOMER.name);
    await h5Field(customer, '手机号').getByRole('textbox').fill('1371234');
    await customer.getByRole('button', { name: '提交' }).click();
    await expect(h5Field(customer, '手机号').locator('.field-error')).toHaveText('手机号格式不正确');
    await expect(h5Field(customer, '姓名').locator('.field-error')).toHaveCount(0);
    await shot(customer, 'forms-h5-wrong-phone');
  });

  await test.step('the customer fills every field, uploads a photo and submits; the console is told at once', async () => {
    await hub.connected();
    await h5Field(customer, '手机号').getByRole('textbox').fill(CUSTOMER.phone);
    await expect(h5Field(customer, '手机号').locator('.field-error')).toHaveCount(0);
    await h5Field(customer, '数字').getByRole('textbox').fill(CUSTOMER.count);
    await h5Field(customer, '单选').getByText(CUSTOMER.choice).click();
    await expect(h5Field(customer, '单选').getByRole('radio', { name: CUSTOMER.choice })).toBeChecked();
    await h5Field(customer, '日期').locator('input[type="date"]').fill(CUSTOMER.date);

    const chooser = customer.waitForEvent('filechooser');
    await h5Field(customer, '图片上传').getByText('上传图片').click();
    await (await chooser).setFiles({ name: 'tasting.png', mimeType: 'image/png', buffer: pngBuffer() });
    const photo = h5Field(customer, '图片上传').getByRole('img', { name: '图片上传1' });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
    await expect(h5Field(customer, '图片上传').getByText('上传图片')).toHaveCount(0); // one photo at most
    await shot(customer, 'forms-h5-filled');

    await customer.getByRole('button', { name: '提交' }).click();
    await expect(customer.locator('.result-title')).toHaveText('提交成功');
    await expect(customer.getByText(/^提交编号 S\d{8}$/)).toBeVisible();
    await shot(customer, 'forms-h5-submitted');

    const notice = pushedNotice(page, '新的表单提交');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(`「${formName}」收到新的提交`);
    const shownAt = Date.now();
    await shot(page, 'forms-console-notice');
    // antd closes a notification after 4.5 s unless told otherwise; a pushed notice stays until it is closed.
    await page.waitForTimeout(Math.max(0, shownAt + 5_000 - Date.now()));
    await expect(notice).toBeVisible();
    await notice.locator('.ant-notification-notice-close').click();
    await expect(notice).toBeHidden();
  });

  await test.step('the merchant opens the data, the detail dialog, and exports the submissions', async () => {
    const row = tableRow(page, formName);
    await row.getByRole('link', { name: '数据' }).click();
    await expect(page).toHaveURL(/\/formdata\?id=[0-9a-f-]{36}$/);
    await expect(page.locator('.ant-card-head-title')).toContainText(`${formName}（FR`);
    const sub = tableRow(page, CUSTOMER.phone);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
    await expect(sub).toContainText(CUSTOMER.name);
    await expect(sub).toContainText('有效');
    await sub.getByText('详情').click();

    const dialog = page.getByRole('dialog', { name: '表单详情' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('th.ant-descriptions-item-label')).toHaveText(FIELDS);
    await expect(descriptionValue(dialog, '姓名')).toHaveText(CUSTOMER.name);
    await expect(descriptionValue(dialog, '手机号')).toHaveText(CUSTOMER.phone);
    await expect(descriptionValue(dialog, '单选')).toHaveText(CUSTOMER.choice);
    await expect(descriptionValue(dialog, '数字')).toHaveText(CUSTOMER.count);
    await expect(descriptionValue(dialog, '日期')).toHaveText(CUSTOMER.date);
    const image = descriptionValue(dialog, '图片上传').locator('img');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
    await shot(page, 'forms-submission-detail');
    await dialog.getByRole('button', { name: btnName('关闭') }).click();
    await expect(dialog).toBeHidden();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: btnName('导出') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/提交数据\.xlsx$/);
    expect(file.suggestedFilename()).toContain(formName);
    await expect(toast(page, '已导出 1 条')).toBeVisible();
    const bytes = await file.createReadStream().then(async (s) => {
      const parts: Buffer[] = [];
      for await (const p of s) parts.push(p as Buffer);
      return Buffer.concat(parts);
    });
    expect(bytes.subarray(0, 2).toString('latin1'), 'an .xlsx is a zip').toBe('PK');
  });

  await test.step('a form with submissions cannot be deleted; the merchant disables it instead', async () => {
    await page.getByRole('button', { name: '返回' }).click();
    await expect(page).toHaveURL(/\/form$/);
    const row = tableRow(page, formName);
    await row.getByRole('button', { name: btnName('删除') }).click();
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '确定删除当前当前数据?' });
    await expect(confirm).toBeVisible();
    await shot(page, 'forms-delete-confirm');
    await confirm.getByRole('button', { name: btnName('确定') }).click();
    await expect(toast(page, '当前表单已经有提交量，不能删除')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();
    await shot(page, 'forms-delete-refused');

    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: '批量失效' }).click();
    const disable = page.locator('.ant-modal-confirm').filter({ hasText: '确定使选中的数据失效?' });
    await disable.getByRole('button', { name: btnName('确定') }).click();
    await expect(toast(page, '使失效成功!')).toBeVisible();
    await expect(row.locator('td').nth(4)).toHaveText('失效');
    // The list is fetched again after the change (the console keeps lists for 30 s, and a pushed notice does not
    // refresh them): now it counts the customer's submission.
    await expect(row.locator('td').nth(5)).toHaveText('1'); // 提交量
    await expect(row.getByRole('checkbox')).not.toBeChecked();
    await shot(page, 'forms-disabled');
  });

  await test.step('the customer reloads the page of the disabled form', async () => {
    await customer.reload();
    await expect(customer.locator('.result-title')).toHaveText('表单不存在或已失效');
    await expect(customer.getByText('请联系商家获取新的表单链接')).toBeVisible();
    await shot(customer, 'forms-h5-disabled');
  });
});
