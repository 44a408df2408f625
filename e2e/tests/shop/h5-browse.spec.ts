import type { Page } from '@playwright/test';
import { expect, test as base } from '../../support/fixtures';
import { type ShopCatalogue, shopWithCatalogue } from '../../support/shop';
import { shot } from '../../support/ui';

// A customer browses the H5 shop (apps/shop) on a phone: home, a category, a search, a goods and its SKU chooser.
const test = base.extend<{ shop: ShopCatalogue }>({
  shop: async ({ request }, use) => {
    await use(await shopWithCatalogue(request, '手机逛店测试店'));
  },
});
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

const grid = (page: Page) => page.getByRole('list', { name: '商品列表' });
const goodsTitles = (page: Page) => grid(page).locator('.s-card-title');

test('a customer opens the shop, a category, searches, opens a goods and picks a SKU', async ({ page, shop }) => {
  const base = `/h5/shop/${shop.shopId}`;

  await test.step('the home shows the shop, its categories and the goods on sale only', async () => {
    await page.goto(base);
    await expect(page.getByRole('heading', { name: shop.enterprise })).toBeVisible();
    await expect(page.getByRole('navigation', { name: '商品分类' }).getByRole('link')).toHaveText(['衣服', '零食']);
    await expect(goodsTitles(page)).toHaveCount(3);
    await expect(grid(page)).not.toContainText('仓库里的帽子');
    await expect(page.getByText('没有更多了')).toBeVisible();
    const tabs = page.getByRole('navigation', { name: '店铺导航' });
    await expect(tabs.getByRole('link')).toHaveText(['首页', '分类', '购物车', '我的']);
    await expect(tabs.getByRole('link', { name: '首页' })).toHaveAttribute('aria-current', 'page');
    await shot(page, 'shop-h5-home');
  });

  await test.step('a category chip opens the category page with its goods and subcategories', async () => {
    await page.getByRole('navigation', { name: '商品分类' }).getByRole('link', { name: '衣服' }).click();
    await expect(page).toHaveURL(new RegExp(`/category\\?c=${shop.categories.衣服}$`));
    await expect(page.getByRole('button', { name: '衣服', pressed: true })).toBeVisible();
    // The category and its subcategory T恤, newest first.
    await expect(goodsTitles(page)).toHaveText(['牛仔外套', '纯棉T恤']);
    await page.getByRole('button', { name: 'T恤' }).click();
    await expect(goodsTitles(page)).toHaveText(['纯棉T恤']);
    await page.getByRole('button', { name: '零食' }).click();
    await expect(goodsTitles(page)).toHaveText(['海苔脆片']);
    await shot(page, 'shop-h5-category');
  });

  await test.step('a search finds goods by their title, and says when nothing matches', async () => {
    await page.getByRole('navigation', { name: '店铺导航' }).getByRole('link', { name: '首页' }).click();
    await page.getByRole('searchbox', { name: '搜索商品' }).fill('外套');
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(/\/search\?q=%E5%A4%96%E5%A5%97$/);
    await expect(goodsTitles(page)).toHaveText(['牛仔外套']);
    await page.getByRole('searchbox', { name: '搜索商品' }).fill('帽子');
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(page.getByText('没有找到“帽子”相关的商品')).toBeVisible();
    await page.getByRole('searchbox', { name: '搜索商品' }).fill('T恤');
    await page.getByRole('button', { name: '搜索' }).click();
    await expect(goodsTitles(page)).toHaveText(['纯棉T恤']);
    await shot(page, 'shop-h5-search');
  });

  await test.step('the goods page shows price span, selling point, delivery and description', async () => {
    await grid(page)
      .getByRole('link', { name: /纯棉T恤/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/goods/${shop.goods.纯棉T恤}$`));
    await expect(page.getByRole('heading', { name: '纯棉T恤' })).toBeVisible();
    await expect(page.locator('.s-goods-info .s-price')).toHaveText('¥59.00起');
    await expect(page.getByText('透气亲肤')).toBeVisible();
    await expect(page.getByText('每人限购 3 件')).toBeVisible();
    await expect(page.locator('.s-desc b')).toHaveText('机洗不变形');
    await shot(page, 'shop-h5-goods');
  });

  await test.step('the SKU sheet disables values without stock and bounds the quantity', async () => {
    await page.getByRole('button', { name: '立即购买' }).click();
    const sheet = page.getByRole('dialog', { name: '选择规格' });
    await expect(sheet.getByLabel('库存')).toHaveText('请选择 颜色 尺码');
    await sheet.getByRole('button', { name: '白色' }).click();
    await expect(sheet.getByRole('button', { name: 'L' })).toBeDisabled();
    await sheet.getByRole('button', { name: '黑色' }).click();
    await sheet.getByRole('button', { name: 'M' }).click();
    await expect(sheet.getByLabel('价格')).toHaveText('¥69.00');
    await expect(sheet.getByLabel('库存')).toHaveText('库存 2 件');
    const plus = sheet.getByRole('button', { name: '增加' });
    await plus.click();
    await expect(sheet.getByRole('textbox', { name: '数量', exact: true })).toHaveValue('2');
    await expect(plus).toBeDisabled();
    await sheet.getByRole('button', { name: 'L' }).click(); // 6 in stock, limit 3
    await plus.click();
    await expect(sheet.getByRole('textbox', { name: '数量', exact: true })).toHaveValue('3');
    await expect(plus).toBeDisabled();
    // Buying itself: e2e/tests/shop/shop-order.spec.ts.
    await expect(sheet.getByRole('button', { name: '立即购买' })).toBeEnabled();
    await shot(page, 'shop-h5-sku');
  });

  await test.step('a goods customers may not see answers 商品不存在', async () => {
    await page.goto(`${base}/goods/00000000-0000-4000-8000-000000000000`);
    await expect(page.getByText('商品不存在')).toBeVisible();
    await expect(page.getByRole('link', { name: '去店铺首页逛逛' })).toBeVisible();
  });
});
