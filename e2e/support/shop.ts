import type { APIRequestContext } from '@playwright/test';
import { apiCall, createMerchant } from './ui';

/** A merchant with a small catalogue on sale, made through the API, for tests of the H5 shop (apps/shop). */
export interface ShopCatalogue {
  shopId: string;
  token: string;
  enterprise: string;
  categories: Record<string, string>;
  goods: Record<string, string>;
}

export async function shopWithCatalogue(request: APIRequestContext, enterprise: string): Promise<ShopCatalogue> {
  const m = await createMerchant(request, enterprise);
  const login = await apiCall<{ token: string; self: { shopID: string } }>(request, '/api/Login/LoginByPwd', {
    phone: m.phone,
    pwd: m.pwd,
  });
  const token = login.token;
  const category = async (name: string, parentId?: string) =>
    (await apiCall<{ id: string }>(request, '/Goods/GoodsType/save', { name, parentId, status: 1 }, token)).id;
  const categories: Record<string, string> = {};
  categories.衣服 = await category('衣服');
  categories.T恤 = await category('T恤', categories.衣服);
  categories.零食 = await category('零食');
  const onSale = async (body: object) => {
    const { id } = await apiCall<{ id: string }>(request, '/Goods/Goods/save', body, token);
    await apiCall(request, '/Goods/Goods/updateState', { ids: [id], status: 1 }, token);
    return id;
  };
  const goods: Record<string, string> = {};
  goods.纯棉T恤 = await onSale({
    title: '纯棉T恤',
    categoryId: categories.T恤,
    sellingPoint: '透气亲肤',
    purchaseLimit: 3,
    specs: [
      { name: '颜色', values: ['白色', '黑色'] },
      { name: '尺码', values: ['M', 'L'] },
    ],
    skus: [
      { specValues: { 颜色: '白色', 尺码: 'M' }, price: 59, stock: 10, cost: 20 },
      { specValues: { 颜色: '白色', 尺码: 'L' }, price: 59, stock: 0, cost: 20 },
      { specValues: { 颜色: '黑色', 尺码: 'M' }, price: 69, stock: 2, cost: 25 },
      { specValues: { 颜色: '黑色', 尺码: 'L' }, price: 69, stock: 6, cost: 25 },
    ],
    description: '<p>100% 棉，<b>机洗不变形</b></p>',
  });
  goods.牛仔外套 = await onSale({ title: '牛仔外套', categoryId: categories.衣服, skus: [{ specValues: {}, price: 199, stock: 4 }] });
  goods.海苔脆片 = await onSale({ title: '海苔脆片', categoryId: categories.零食, skus: [{ specValues: {}, price: 9.9, stock: 50 }] });
  // In the warehouse: customers never see it.
  await apiCall(request, '/Goods/Goods/save', { title: '仓库里的帽子', skus: [{ specValues: {}, price: 30, stock: 5 }] }, token);
  return { shopId: login.self.shopID, token, enterprise, categories, goods };
}
