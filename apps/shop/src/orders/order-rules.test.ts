import { describe, expect, it } from 'vitest';
import { shopRouteOf } from '../shop/shop-app';
import {
  actionsOf,
  afterSaleApplyChecks,
  afterSaleApplyPath,
  afterSalePath,
  afterSalesPath,
  buyingOf,
  cartSums,
  checkoutPath,
  codeGroups,
  countdownText,
  daysText,
  lineCap,
  orderRouteOf,
  payEndOf,
  ordersPath,
  tabOf,
} from './order-rules';
import type { CartLine } from './orders-api';

const SHOP = '3a019c3d-ac1a-4a0e-bc09-dd3272b91f33';
const ORDER = '14248adf-789a-4c69-ab13-1642cfd8b2e5';
const SKU = '45b98151-c8f6-4eb3-a411-2fdcc01eb9da';

const line = (over: Partial<CartLine>): CartLine => ({
  id: crypto.randomUUID(),
  goodsId: crypto.randomUUID(),
  skuId: crypto.randomUUID(),
  title: '保温杯',
  image: '',
  skuText: '',
  price: 0,
  stock: 10,
  qty: 1,
  purchaseLimit: 0,
  invalid: '',
  ...over,
});

describe('the order pages’ addresses', () => {
  it('knows the cart, checkout, addresses, my orders and an order, and nothing else', () => {
    expect(orderRouteOf(`/h5/shop/${SHOP}/cart`)).toEqual({ page: 'cart', shopId: SHOP });
    expect(orderRouteOf(`/h5/shop/${SHOP}/checkout/`)).toEqual({ page: 'checkout', shopId: SHOP });
    expect(orderRouteOf(`/h5/shop/${SHOP}/orders`)).toEqual({ page: 'orders', shopId: SHOP });
    expect(orderRouteOf(`/h5/shop/${SHOP}/addresses`)).toEqual({ page: 'addresses', shopId: SHOP });
    expect(orderRouteOf(`/h5/shop/${SHOP}/order/${ORDER}`)).toEqual({ page: 'order', shopId: SHOP, orderId: ORDER });
    expect(orderRouteOf(`/h5/shop/${SHOP}/order/12`)).toBeNull();
    expect(orderRouteOf(`/h5/shop/${SHOP}/cart/x`)).toBeNull();
    expect(orderRouteOf(`/h5/shop/${SHOP}/goods/${ORDER}`)).toBeNull();
  });

  it('knows the after-sales pages: apply, my requests and one request', () => {
    expect(orderRouteOf(`/h5/shop/${SHOP}/aftersale/apply`)).toEqual({ page: 'aftersaleApply', shopId: SHOP });
    expect(orderRouteOf(`/h5/shop/${SHOP}/aftersales`)).toEqual({ page: 'aftersales', shopId: SHOP });
    expect(orderRouteOf(`/h5/shop/${SHOP}/aftersale/${ORDER}`)).toEqual({ page: 'aftersale', shopId: SHOP, afterSaleId: ORDER });
    expect(orderRouteOf(`/h5/shop/${SHOP}/aftersale/12`)).toBeNull();
    expect(afterSaleApplyPath(SHOP, ORDER)).toBe(`/h5/shop/${SHOP}/aftersale/apply?order=${ORDER}`);
    expect(orderRouteOf(afterSalePath(SHOP, ORDER))?.afterSaleId).toBe(ORDER);
    expect(orderRouteOf(afterSalesPath(SHOP))?.page).toBe('aftersales');
  });

  it('are the shop’s routes too, beside its own pages', () => {
    expect(shopRouteOf(`/h5/shop/${SHOP}/order/${ORDER}`)).toEqual({ page: 'order', shopId: SHOP, orderId: ORDER });
    expect(shopRouteOf(`/h5/shop/${SHOP}/goods/${ORDER}`)).toEqual({ page: 'goods', shopId: SHOP, goodsId: ORDER });
    expect(shopRouteOf(`/h5/shop/${SHOP}`)).toEqual({ page: 'home', shopId: SHOP });
  });

  it('names a tab of 我的订单 in the query, 全部 for anything unknown', () => {
    expect(ordersPath(SHOP)).toBe(`/h5/shop/${SHOP}/orders`);
    expect(ordersPath(SHOP, 'toShip')).toBe(`/h5/shop/${SHOP}/orders?tab=toShip`);
    expect(tabOf('shipped')).toBe('shipped');
    expect(tabOf('refund')).toBe('all');
    expect(tabOf(null)).toBe('all');
  });
});

describe('what the checkout buys', () => {
  it('round-trips cart lines and one SKU through the address', () => {
    const ids = [ORDER, SKU];
    const fromCart = new URL(checkoutPath(SHOP, { cartIds: ids }), 'http://x').searchParams;
    expect(buyingOf(fromCart)).toEqual({ cartIds: ids });
    const direct = new URL(checkoutPath(SHOP, { skuId: SKU, qty: 3 }), 'http://x').searchParams;
    expect(buyingOf(direct)).toEqual({ skuId: SKU, qty: 3 });
  });

  it('names nothing for a forged or empty query', () => {
    expect(buyingOf(new URLSearchParams(''))).toBeNull();
    expect(buyingOf(new URLSearchParams('cart=abc'))).toBeNull();
    expect(buyingOf(new URLSearchParams(`sku=${SKU}&qty=0`))).toBeNull();
    expect(buyingOf(new URLSearchParams(`sku=${SKU}&qty=1.5`))).toBeNull();
  });
});

describe('the cart', () => {
  it('sums the chosen buyable lines in fen, leaving invalid and unchosen ones out', () => {
    const a = line({ price: 0.1, qty: 3 });
    const b = line({ price: 0.2, qty: 1 });
    const gone = line({ price: 99, qty: 1, invalid: '下架' });
    const other = line({ price: 5, qty: 1 });
    const sums = cartSums([a, b, gone, other], new Set([a.id, b.id, gone.id]));
    // 0.1 × 3 + 0.2 = 0.5 exactly (float math would say 0.5000000000000001).
    expect(sums).toEqual({ ids: [a.id, b.id], units: 4, totalText: '0.50' });
    expect(cartSums([a], new Set()).totalText).toBe('0.00');
  });

  it('caps a line by stock, limit per person and 999', () => {
    expect(lineCap({ stock: 5, purchaseLimit: 0 })).toBe(5);
    expect(lineCap({ stock: 5, purchaseLimit: 2 })).toBe(2);
    expect(lineCap({ stock: 5000, purchaseLimit: 0 })).toBe(999);
  });
});

describe('an order', () => {
  it('offers cancel and pay unpaid, confirm shipped, after-sales only when the detail says so', () => {
    expect(actionsOf({ status: 0 })).toEqual({ cancel: true, pay: true, confirm: false, afterSale: false });
    expect(actionsOf({ status: 1 })).toEqual({ cancel: false, pay: false, confirm: false, afterSale: false });
    expect(actionsOf({ status: 2 })).toEqual({ cancel: false, pay: false, confirm: true, afterSale: false });
    expect(actionsOf({ status: 3, canApplyAfterSale: true }).afterSale).toBe(true);
    expect(actionsOf({ status: 4 })).toEqual({ cancel: false, pay: false, confirm: false, afterSale: false });
  });

  it('counts down from the seconds the server said were left, on the phone’s own clock', () => {
    // A phone whose clock is a day and some hours off, in whatever zone: only the time since the answer counts.
    const answeredAt = Date.parse('2031-07-09T23:00:00-07:00');
    const end = payEndOf(29 * 60 + 5, answeredAt);
    expect(countdownText(end, answeredAt)).toBe('29:05');
    expect(countdownText(end, answeredAt + 5_000)).toBe('29:00');
    expect(countdownText(payEndOf(7201, answeredAt), answeredAt)).toBe('2:00:01');
    expect(countdownText(end, answeredAt + (29 * 60 + 5) * 1000)).toBe('');
    expect(countdownText(payEndOf(0, answeredAt), answeredAt)).toBe('');
  });

  it('shows the pick-up code in groups of four and opening days as words', () => {
    expect(codeGroups('12345678')).toBe('1234 5678');
    expect(daysText([1, 2, 3, 4, 5])).toBe('周一至周五');
    expect(daysText([7, 6])).toBe('周六、周日');
    expect(daysText([1, 2, 3, 4, 5, 6, 7])).toBe('每天');
  });
});

describe('申请售后 before sending', () => {
  const ok = { type: 1, items: [{ lineId: ORDER, qty: 1 }], reason: '不想要了', amount: '', description: '' };
  it('passes a full request, an amount of yuan with two decimals, and an exchange without amount', () => {
    expect(afterSaleApplyChecks(ok)).toEqual({});
    expect(afterSaleApplyChecks({ ...ok, amount: '12.50' })).toEqual({});
    expect(afterSaleApplyChecks({ ...ok, type: 3, amount: 'x' })).toEqual({});
  });
  it('names each missing or wrong field', () => {
    expect(afterSaleApplyChecks({ type: 0, items: [], reason: '', amount: '1.234', description: '字'.repeat(201) })).toEqual({
      type: '请选择售后类型',
      items: '请选择售后商品',
      reason: '请选择申请原因',
      amount: '退款金额须为大于0的数字，最多两位小数',
      description: '问题描述不能超过200个字',
    });
    expect(afterSaleApplyChecks({ ...ok, amount: '0' }).amount).toBe('退款金额须为大于0的数字，最多两位小数');
  });
});
