/**
 * The shop's 配送设置 at checkout (orders pricing README step 8, delivery README "For the order core"): the preview and
 * the submit offer only the methods both the goods and the shop allow; a method the shop switched off is refused in
 * Chinese; 同城配送 charges the shop's 配送费 (free from 满额免配送费) and refuses below its 起送价.
 */
import { SHOP_HEADER } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsOrders } from '@/db/schema';
import { AREA, makeApp, newPhone, type Person, type TestApp } from './helper';
import { makeGoods, makeMember, orderOf, place, setShopDelivery, shopIdOf, stockOf } from './goods-orders-fixtures';

const O = '/h5/Order/';
const D = '/LesseePick/LesseePick/';

let t: TestApp;
let owner: Person;
let shop: string;
let me: { token: string; id: string };
let keyN = 0;
const key = () => `dlv-${Date.now()}-${++keyN}`;

const h5 = (path: string, body: unknown, token = me.token) => t.call(path, body, token, { [SHOP_HEADER]: shop });
async function ok(path: string, body: unknown = {}) {
  const r = await h5(path, body);
  if (r.status !== 200 || r.body.code !== 0) throw new Error(`${path}: ${r.status} ${r.body.code} ${r.body.msg}`);
  return r.body.data;
}
async function msg(path: string, body: unknown) {
  const r = await h5(path, body);
  expect(r.body.code, `${path} should be refused`).not.toBe(0);
  return r.body.msg as string;
}
/** The merchant's console call (配送设置). */
async function console_(path: string, body: unknown) {
  const r = await t.call(`${D}${path}`, body, owner.token);
  expect(r.body, path).toMatchObject({ code: 0 });
}
const ordersOfMe = async () => t.db.select().from(goodsOrders).where(eq(goodsOrders.memberId, me.id));

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('配送开关店');
  shop = await shopIdOf(t, owner.renterId);
  const phone = newPhone();
  await t.passSmsCooldown(phone);
  await t.call('/h5/Member/SendCode', { phone }, undefined, { [SHOP_HEADER]: shop });
  const d = (await t.call('/h5/Member/LoginBySms', { phone, code: t.smsCode(phone) }, undefined, { [SHOP_HEADER]: shop })).body.data;
  me = { token: d.token, id: d.member.id };
  await ok('/h5/Address/Save', { name: '张三', phone: '13912345678', area: AREA, address: '科技园1号' });
});
afterAll(() => t.close());

describe('the shop’s delivery switches', () => {
  it('offers only what both the goods and the shop allow, and refuses a method the shop switched off', async () => {
    const g = await makeGoods(t, owner.renterId, {
      title: '全能台灯',
      priceFen: 5_000,
      delivery: ['express', 'pickup', 'local'],
      stock: 10,
    });
    // A shop that never saved 配送设置 offers 快递发货 only.
    const first = await ok(`${O}Preview`, { skuId: g.skuId, qty: 1 });
    expect(first.methods).toEqual([{ value: 1, label: '快递发货' }]);
    expect(await msg(`${O}Preview`, { skuId: g.skuId, deliveryMethod: 2 })).toBe('本店暂不支持到店自提，请选择其他配送方式');
    expect(await msg(`${O}Submit`, { skuId: g.skuId, deliveryMethod: 3, requestKey: key() })).toBe(
      '本店暂不支持同城配送，请选择其他配送方式',
    );

    // The merchant switches 到店自提 on and 快递发货 off in the console: the page now defaults to 自提.
    await console_('EditExpressState', { method: 'pickup', state: 1 });
    await console_('EditExpressState', { method: 'express', state: 0 });
    const after = await ok(`${O}Preview`, { skuId: g.skuId, qty: 1 });
    expect(after).toMatchObject({ deliveryMethod: 2, methods: [{ value: 2, label: '到店自提' }], freight: 0, total: 50 });
    expect(await msg(`${O}Submit`, { skuId: g.skuId, deliveryMethod: 1, requestKey: key() })).toBe(
      '本店暂不支持快递发货，请选择其他配送方式',
    );
    expect(await ordersOfMe()).toEqual([]);
    expect(await stockOf(t, g.skuId)).toBe(10);
    const placed = await ok(`${O}Submit`, { skuId: g.skuId, qty: 1, deliveryMethod: 2, requestKey: key() });
    expect(await orderOf(t, placed.orderId)).toMatchObject({ deliveryMethod: 2, payFen: 5_000 });

    // Goods that only ship by express, in a shop that does not: nothing to offer, and the refusal says why.
    const onlyExpress = await makeGoods(t, owner.renterId, { title: '只快递', delivery: ['express'] });
    expect(await msg(`${O}Preview`, { skuId: onlyExpress.skuId, deliveryMethod: 2 })).toBe('商品「只快递」不支持到店自提');
    expect(await msg(`${O}Preview`, { skuId: onlyExpress.skuId })).toBe('商品「只快递」不支持到店自提');
    expect(await msg(`${O}Preview`, { skuId: onlyExpress.skuId, deliveryMethod: 1 })).toBe('本店暂不支持快递发货，请选择其他配送方式');
  });

  it('holds the switches for orders placed without a page too (a seed, an import)', async () => {
    const other = await t.registerOwner('只快递店');
    const member = await makeMember(t, other.renterId);
    const g = await makeGoods(t, other.renterId, { delivery: ['express', 'pickup'] });
    const refused = await place(t, other.renterId, member, [{ skuId: g.skuId, qty: 1 }], { deliveryMethod: 2 }).then(
      () => '',
      (e: Error) => e.message,
    );
    expect(refused).toBe('本店暂不支持到店自提，请选择其他配送方式');
    await setShopDelivery(t, other.renterId, await shopIdOf(t, other.renterId), { express: 1, pickup: 1 });
    const o = await place(t, other.renterId, member, [{ skuId: g.skuId, qty: 1 }], { deliveryMethod: 2 });
    expect(o.orderNo).toMatch(/^G\d{14}$/);
  });
});

describe('同城配送 by the shop’s terms', () => {
  it('charges the shop’s 配送费, free from 满额免配送费, and refuses below 起送价', async () => {
    await console_('EditExpressState', { method: 'local', state: 1 });
    await console_('SaveLocalSet', { radiusKm: 5, minAmount: 30, fee: 6.5, freeFrom: 100 });
    // The goods' own post fee does not apply to 同城: the shop's 配送费 does.
    const g = await makeGoods(t, owner.renterId, {
      title: '鲜花',
      priceFen: 2_000,
      postFeeFen: 1_200,
      delivery: ['local', 'express'],
      stock: 20,
    });

    const below = await msg(`${O}Preview`, { skuId: g.skuId, qty: 1, deliveryMethod: 3 });
    expect(below).toBe('同城配送满30元起送，还差10元');
    expect(await msg(`${O}Submit`, { skuId: g.skuId, qty: 1, deliveryMethod: 3, requestKey: key() })).toBe(below);

    const two = await ok(`${O}Preview`, { skuId: g.skuId, qty: 2, deliveryMethod: 3 });
    expect(two).toMatchObject({ goods: 40, freight: 6.5, total: 46.5, methods: [{ value: 3, label: '同城配送' }] });
    const placed = await ok(`${O}Submit`, { skuId: g.skuId, qty: 2, deliveryMethod: 3, requestKey: key() });
    expect(placed.total).toBe(46.5);
    expect(await orderOf(t, placed.orderId)).toMatchObject({ deliveryMethod: 3, goodsFen: 4_000, freightFen: 650, payFen: 4_650 });

    const five = await ok(`${O}Preview`, { skuId: g.skuId, qty: 5, deliveryMethod: 3 });
    expect(five).toMatchObject({ goods: 100, freight: 0, total: 100 });

    // 满额免配送费 0: never free.
    await console_('SaveLocalSet', { radiusKm: 5, minAmount: 0, fee: 3, freeFrom: 0 });
    expect(await ok(`${O}Preview`, { skuId: g.skuId, qty: 10, deliveryMethod: 3 })).toMatchObject({ freight: 3, total: 203 });
  });
});
