import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { server, smsCodes } from './server';
import { freshPhone } from './ui';

/** A customer call of a shop (`shop-id` header, the member's token); expects success and answers data. */
export async function h5Call<T>(request: APIRequestContext, shopId: string, path: string, body: object, token?: string): Promise<T> {
  const res = await request.post(path, { data: body, headers: { 'shop-id': shopId, ...(token ? { token } : {}) } });
  expect(res.status(), `${path} status`).toBe(200);
  const env = (await res.json()) as { code: number; msg: string; data: T };
  expect(env.code, `${path}: ${env.msg}`).toBe(0);
  return env.data;
}

/** A new member of the shop, logged in by SMS (the dev provider's code from the server log). */
export async function shopMember(request: APIRequestContext, shopId: string) {
  const phone = freshPhone();
  const before = smsCodes(phone).length;
  await h5Call(request, shopId, '/h5/Member/SendCode', { phone });
  const code = await server.smsCode(phone, { after: before });
  const { token } = await h5Call<{ token: string }>(request, shopId, '/h5/Member/LoginBySms', { phone, code });
  return { phone, token };
}

/** A SKU of the shop's goods on sale with at least `min` units in stock. */
export async function skuInStock(request: APIRequestContext, shopId: string, token: string, min = 5): Promise<string> {
  const goods = await h5Call<{ rows: { id: string }[] }>(request, shopId, '/h5/Goods/GetList', { page_index: 1, page_size: 50 }, token);
  for (const g of goods.rows) {
    const d = await h5Call<{ skus: { skuId: string; stock: number }[] }>(request, shopId, '/h5/Goods/GetDetail', { id: g.id }, token);
    const sku = d.skus.find((s) => s.stock >= min);
    if (sku) return sku.skuId;
  }
  throw new Error('no goods with stock in the shop');
}

/** The member's default address (saved through the customer API). */
export const saveAddress = (request: APIRequestContext, shopId: string, token: string) =>
  h5Call<{ id: string }>(
    request,
    shopId,
    '/h5/Address/Save',
    { name: '王五', phone: '13912345678', area: ['44', '4403', '440305'], address: '科技园1号', isDefault: true },
    token,
  );

/** Pays an order on the sandbox page. */
export async function payInSandbox(page: Page, qrCode: string) {
  await page.goto(qrCode);
  await expect(page).toHaveTitle('沙箱支付');
  await page.getByRole('button', { name: '确认支付' }).click();
  await expect(page.getByText('✓ 支付成功')).toBeVisible();
}
