/** The customer side of goods orders (/h5/Cart, /h5/Address, /h5/Order): orders README "Customer side". */
import { EXPIRED_MSG, SHOP_HEADER, VISITOR_HEADER } from '@shop/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, goods, orderLogs, goodsOrders, goodsSkus, memberAddresses, operLogs, shops } from '@/db/schema';
import { seedTenant } from '@/core/tenant';
import { parseTime } from '@/core/time';
import { merchantCancel, moveGoodsOrder } from '@/modules/orders';
import { AREA, makeApp, newPhone, payBySandbox, type Person, type TestApp } from './helper';
import { makeGoods, openEveryMethod, orderOf, renterCtx, stockOf } from './goods-orders-fixtures';

const C = '/h5/Cart/';
const A = '/h5/Address/';
const O = '/h5/Order/';

let t: TestApp;
let owner: Person;
let other: Person;
let shop: string;
let otherShop: string;
/** Two members of the owner's shop (tokens), and their ids. */
let me: { token: string; id: string };
let you: { token: string; id: string };

const shopOf = async (renterId: string) => (await t.db.select().from(shops).where(eq(shops.renterId, renterId)).limit(1))[0].id;

function h5(path: string, body: unknown, token = me.token, onShop = shop) {
  return t.call(path, body, token, { [SHOP_HEADER]: onShop });
}
async function ok(path: string, body: unknown = {}, token = me.token, onShop = shop) {
  const r = await h5(path, body, token, onShop);
  if (r.status !== 200 || r.body.code !== 0) throw new Error(`${path}: ${r.status} ${r.body.code} ${r.body.msg}`);
  return r.body.data;
}
/** The message of a refused call. */
async function msg(path: string, body: unknown, token = me.token) {
  const r = await h5(path, body, token);
  expect(r.body.code, `${path} should be refused`).not.toBe(0);
  return r.body.msg as string;
}

async function login(onShop: string) {
  const phone = newPhone();
  await t.passSmsCooldown(phone);
  await t.call('/h5/Member/SendCode', { phone }, undefined, { [SHOP_HEADER]: onShop });
  const d = (await t.call('/h5/Member/LoginBySms', { phone, code: t.smsCode(phone) }, undefined, { [SHOP_HEADER]: onShop })).body.data;
  return { token: d.token as string, id: d.member.id as string };
}

const address = (over: Record<string, unknown> = {}) => ({ name: '张三', phone: '13912345678', area: AREA, address: '科技园1号', ...over });
let keyN = 0;
const key = () => `tap-${Date.now()}-${++keyN}`;

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('H5下单店');
  other = await t.registerOwner('H5别家店');
  shop = await shopOf(owner.renterId);
  otherShop = await shopOf(other.renterId);
  me = await login(shop);
  you = await login(shop);
  // Every method on: the goods' own delivery options decide here (the shop's switches: goods-orders-delivery.test.ts).
  await openEveryMethod(t, owner.renterId);
});
afterAll(() => t.close());

describe('cart', () => {
  it('merges adds into one line, bounded by stock, and counts lines for the badge', async () => {
    const g = await makeGoods(t, owner.renterId, { title: '保温杯', priceFen: 5_990, stock: 5 });
    const first = await h5(`${C}Add`, { skuId: g.skuId, qty: 2 });
    expect(first.body).toMatchObject({ code: 0, msg: '已加入购物车', data: { qty: 2, count: { lines: 1, units: 2 } } });
    const again = await h5(`${C}Add`, { skuId: g.skuId, qty: 9 });
    expect(again.body).toMatchObject({
      code: 0,
      msg: '已加入购物车（商品「保温杯」库存仅剩5件，已调整为5件）',
      data: { id: first.body.data.id, qty: 5 },
    });
    expect(await msg(`${C}Add`, { skuId: g.skuId, qty: 1 })).toBe('商品「保温杯」库存仅剩5件');
    // Two taps at once add within the bound, into one line.
    const h = await makeGoods(t, owner.renterId, { stock: 3 });
    await Promise.all([1, 2, 3, 4].map(() => h5(`${C}Add`, { skuId: h.skuId, qty: 1 })));
    const rows = await t.db
      .select()
      .from(carts)
      .where(and(eq(carts.memberId, me.id), eq(carts.skuId, h.skuId)));
    expect(rows.map((r) => r.qty)).toEqual([3]);
    expect(await ok(`${C}Count`)).toEqual({ lines: 2, units: 8 });

    const list = await ok(`${C}List`);
    expect(list.rows.find((r: { skuId: string }) => r.skuId === g.skuId)).toMatchObject({
      title: '保温杯',
      price: 59.9,
      stock: 5,
      qty: 5,
      invalid: '',
    });
    await ok(`${C}Remove`, { ids: list.rows.map((r: { id: string }) => r.id) });
    expect(await ok(`${C}Count`)).toEqual({ lines: 0, units: 0 });
  });

  it('holds the purchase limit, refuses what cannot be bought, and checks its fields', async () => {
    const limited = await makeGoods(t, owner.renterId, { title: '限购茶', purchaseLimit: 2, stock: 50 });
    const r = await h5(`${C}Add`, { skuId: limited.skuId, qty: 3 });
    expect(r.body).toMatchObject({ code: 0, msg: '已加入购物车（商品「限购茶」每人限购2件，已调整为2件）', data: { qty: 2 } });
    const off = await makeGoods(t, owner.renterId, { title: '下架酒', status: 0 });
    expect(await msg(`${C}Add`, { skuId: off.skuId, qty: 1 })).toBe('商品「下架酒」已下架');
    const none = await makeGoods(t, owner.renterId, { title: '售罄糖', stock: 0 });
    expect(await msg(`${C}Add`, { skuId: none.skuId, qty: 1 })).toBe('商品「售罄糖」已售罄');
    expect(await msg(`${C}Add`, { skuId: limited.skuId, qty: 0 })).toBe('购买数量至少为1');
    expect(await msg(`${C}Add`, { skuId: limited.skuId, qty: 1000 })).toBe('购买数量不能超过999');
    expect(await msg(`${C}Add`, { skuId: 'x', qty: 1 })).toBe('商品规格不存在');
    expect(await msg(`${C}Add`, { qty: 1 })).toBe('缺少商品规格');
    expect(await msg(`${C}Remove`, { ids: [] })).toBe('请选择要删除的商品');
    const line = (await ok(`${C}List`)).rows[0];
    expect(await msg(`${C}SetQty`, { id: line.id, qty: 3 })).toBe('商品「限购茶」每人限购2件');
    expect(await h5(`${C}SetQty`, { id: line.id, qty: 1 }).then((x) => x.body)).toMatchObject({
      code: 0,
      msg: '修改成功',
      data: { qty: 1 },
    });
    await ok(`${C}Remove`, { ids: [line.id] });
  });

  it('shows each line as the goods is now, with why it cannot be bought', async () => {
    const m = await login(shop);
    const mk = (title: string) => makeGoods(t, owner.renterId, { title, stock: 5, priceFen: 1_000 });
    const [a, b, c, d, e] = await Promise.all(['现售', '将下架', '将售罄', '将不足', '将删规格'].map(mk));
    for (const g of [a, b, c, d, e]) await ok(`${C}Add`, { skuId: g.skuId, qty: 3 }, m.token);
    await t.db.update(goods).set({ status: 0, title: '已下架了' }).where(eq(goods.id, b.goodsId));
    await t.db.update(goodsSkus).set({ stock: 0 }).where(eq(goodsSkus.id, c.skuId));
    await t.db.update(goodsSkus).set({ stock: 2, priceFen: 1_250 }).where(eq(goodsSkus.id, d.skuId));
    await t.db.delete(goodsSkus).where(eq(goodsSkus.id, e.skuId));
    const rows: { skuId: string; title: string; price: number; invalid: string }[] = (await ok(`${C}List`, {}, m.token)).rows;
    const bySku = new Map(rows.map((r) => [r.skuId, r]));
    expect(bySku.get(a.skuId)).toMatchObject({ invalid: '', price: 10 });
    expect(bySku.get(b.skuId)).toMatchObject({ invalid: '下架', title: '已下架了' });
    expect(bySku.get(c.skuId)?.invalid).toBe('售罄');
    expect(bySku.get(d.skuId)).toMatchObject({ invalid: '库存不足', price: 12.5 });
    expect(bySku.get(e.skuId)?.invalid).toBe('规格已失效');
  });

  it('keeps at most 100 lines', async () => {
    const m = await login(shop);
    const g = await makeGoods(t, owner.renterId);
    const skus = await t.db
      .insert(goodsSkus)
      .values(
        Array.from({ length: 100 }, (_, i) => ({ renterId: owner.renterId, goodsId: g.goodsId, skuKey: `k${i}`, priceFen: 100, stock: 9 })),
      )
      .returning();
    await t.db
      .insert(carts)
      .values(skus.map((s) => ({ renterId: owner.renterId, memberId: m.id, goodsId: g.goodsId, skuId: s.id, qty: 1 })));
    expect(await msg(`${C}Add`, { skuId: g.skuId, qty: 1 }, m.token)).toBe('购物车最多可添加100种商品，请先清理');
    // A line already there still takes more.
    expect((await h5(`${C}Add`, { skuId: skus[0].id, qty: 1 }, m.token)).body.data.qty).toBe(2);
  });
});

describe('addresses', () => {
  it('keeps one default: the first address, then the one chosen; deleting it hands it to the newest', async () => {
    const m = await login(shop);
    const a = await ok(`${A}Save`, address({ name: '甲' }), m.token);
    const b = await ok(`${A}Save`, address({ name: '乙' }), m.token);
    let rows = (await ok(`${A}List`, {}, m.token)).rows;
    expect(rows.map((r: { name: string; isDefault: boolean }) => [r.name, r.isDefault])).toEqual([
      ['甲', true],
      ['乙', false],
    ]);
    expect(rows[0]).toMatchObject({ area: AREA, areaText: '广东省 深圳市 南山区', address: '科技园1号' });
    await ok(`${A}SetDefault`, { id: b.id }, m.token);
    const c = await ok(`${A}Save`, address({ name: '丙', isDefault: true }), m.token);
    rows = (await ok(`${A}List`, {}, m.token)).rows;
    expect(rows.filter((r: { isDefault: boolean }) => r.isDefault).map((r: { id: string }) => r.id)).toEqual([c.id]);
    await ok(`${A}Save`, address({ id: a.id, name: '甲改', address: '科技园2号' }), m.token);
    await ok(`${A}Delete`, { id: c.id }, m.token);
    rows = (await ok(`${A}List`, {}, m.token)).rows;
    expect(rows.map((r: { name: string; isDefault: boolean }) => [r.name, r.isDefault])).toEqual([
      ['乙', true],
      ['甲改', false],
    ]);
    const logged = await t.db.select().from(operLogs).where(eq(operLogs.userId, m.id));
    expect(logged.map((l) => l.action)).toEqual(
      expect.arrayContaining(['新增收货地址', '设为默认收货地址', '编辑收货地址', '删除收货地址']),
    );
  });

  it('checks its fields and holds at most 20', async () => {
    const m = await login(shop);
    expect(await msg(`${A}Save`, address({ name: '' }), m.token)).toBe('请输入收货人');
    expect(await msg(`${A}Save`, address({ phone: '123' }), m.token)).toBe('手机号格式不正确');
    expect(await msg(`${A}Save`, address({ area: ['44'] }), m.token)).toBe('请选择所在地区');
    expect(await msg(`${A}Save`, address({ area: ['44', '4403', '110101'] }), m.token)).toBe('所在地区不正确');
    expect(await msg(`${A}Save`, address({ address: '' }), m.token)).toBe('请输入详细地址');
    await t.db.insert(memberAddresses).values(
      Array.from({ length: 20 }, () => ({
        renterId: owner.renterId,
        memberId: m.id,
        name: '某',
        phone: '13912345678',
        area: AREA,
        address: 'x',
      })),
    );
    expect(await msg(`${A}Save`, address(), m.token)).toBe('收货地址最多20个');
  });
});

describe('checkout', () => {
  it('previews the figures the submit stores, writing nothing; a double tap places one order and empties the cart', async () => {
    const m = await login(shop);
    const g = await makeGoods(t, owner.renterId, { title: '台灯', priceFen: 12_345, stock: 10, postFeeFen: 800 });
    const h = await makeGoods(t, owner.renterId, { title: '灯泡', priceFen: 1_000, stock: 10 });
    await ok(`${C}Add`, { skuId: g.skuId, qty: 2 }, m.token);
    await ok(`${C}Add`, { skuId: h.skuId, qty: 1 }, m.token);
    await ok(`${A}Save`, address(), m.token);
    const cartIds = (await ok(`${C}List`, {}, m.token)).rows.map((r: { id: string }) => r.id);

    const p = await ok(`${O}Preview`, { cartIds }, m.token);
    expect(p).toMatchObject({
      goods: 256.9,
      discount: 0,
      freight: 8,
      total: 264.9,
      deliveryMethod: 1,
      address: { name: '张三', isDefault: true },
    });
    expect(p.methods).toEqual([
      { value: 1, label: '快递发货' },
      { value: 2, label: '到店自提' },
    ]);
    expect(p.lines.map((l: { title: string; qty: number; amount: number }) => [l.title, l.qty, l.amount])).toEqual(
      expect.arrayContaining([
        ['台灯', 2, 246.9],
        ['灯泡', 1, 10],
      ]),
    );
    expect(await stockOf(t, g.skuId)).toBe(10);
    expect(await t.db.select().from(goodsOrders).where(eq(goodsOrders.memberId, m.id))).toEqual([]);
    // 自提 costs no freight.
    expect((await ok(`${O}Preview`, { cartIds, deliveryMethod: 2 }, m.token)).total).toBe(256.9);

    const k = key();
    const [a, b] = await Promise.all(
      [1, 2].map(() => ok(`${O}Submit`, { cartIds, deliveryMethod: 1, requestKey: k, buyerNote: '轻放' }, m.token)),
    );
    expect(a.orderId).toBe(b.orderId);
    expect(a.total).toBe(p.total);
    const again = await ok(`${O}Submit`, { cartIds, deliveryMethod: 1, requestKey: k }, m.token);
    expect(again.orderId).toBe(a.orderId);
    expect(await t.db.select().from(goodsOrders).where(eq(goodsOrders.memberId, m.id))).toHaveLength(1);
    const row = await orderOf(t, a.orderId);
    expect(row).toMatchObject({ goodsFen: 25_690, freightFen: 800, payFen: 26_490, buyerNote: '轻放', status: 0 });
    expect(row.address).toMatchObject({ name: '张三', areaText: '广东省 深圳市 南山区' });
    expect(row.memberPhone).toMatch(/^1\d{10}$/);
    expect(await stockOf(t, g.skuId)).toBe(8);
    expect(await ok(`${C}Count`, {}, m.token)).toEqual({ lines: 0, units: 0 });
    const audits = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.userId, m.id), eq(operLogs.action, '提交订单')));
    expect(audits).toHaveLength(1);
  });

  it('buys one SKU directly, and refuses with clear messages', async () => {
    const m = await login(shop);
    const g = await makeGoods(t, owner.renterId, { title: '只快递', stock: 1, delivery: ['express'] });
    expect(await msg(`${O}Submit`, { skuId: g.skuId, qty: 1, deliveryMethod: 1, requestKey: key() }, m.token)).toBe('请选择收货地址');
    expect(await msg(`${O}Submit`, { skuId: g.skuId, qty: 1, deliveryMethod: 2, requestKey: key() }, m.token)).toBe(
      '商品「只快递」不支持到店自提',
    );
    expect(await msg(`${O}Preview`, { skuId: g.skuId, qty: 2 }, m.token)).toBe('商品「只快递」库存不足');
    expect(await msg(`${O}Preview`, {}, m.token)).toBe('请选择要购买的商品');
    expect(await msg(`${O}Submit`, { skuId: g.skuId, deliveryMethod: 4, requestKey: key() }, m.token)).toBe('配送方式不正确');
    expect(await msg(`${O}Submit`, { skuId: g.skuId, deliveryMethod: 1 }, m.token)).toBe('缺少请求标识');
    expect(await msg(`${O}Submit`, { skuId: g.skuId, deliveryMethod: 1, requestKey: key(), addressId: crypto.randomUUID() }, m.token)).toBe(
      '收货地址不存在',
    );
    // No pick-up point is known until the delivery module is wired (h5/ports.ts): a named one is refused.
    expect(await msg(`${O}Preview`, { skuId: g.skuId, deliveryMethod: 2, pickupPointId: crypto.randomUUID() }, m.token)).toBe(
      '自提点不存在',
    );
    const { id } = await ok(`${A}Save`, address(), m.token);
    const placed = await ok(`${O}Submit`, { skuId: g.skuId, qty: 1, deliveryMethod: 1, addressId: id, requestKey: key() }, m.token);
    expect(placed.qr_code).toMatch(/\/pay\/sandbox\//);
    expect(await stockOf(t, g.skuId)).toBe(0);
  });

  it('caps the cart by stock, and checkout sells no more than there is', async () => {
    const m = await login(shop);
    const g = await makeGoods(t, owner.renterId, { title: '最后两件', stock: 2 });
    await ok(`${C}Add`, { skuId: g.skuId, qty: 5 }, m.token);
    const [line] = (await ok(`${C}List`, {}, m.token)).rows;
    expect(line.qty).toBe(2);
    await t.db.update(goodsSkus).set({ stock: 1 }).where(eq(goodsSkus.id, g.skuId));
    expect(await msg(`${O}Submit`, { cartIds: [line.id], deliveryMethod: 2, requestKey: key() }, m.token)).toBe('商品「最后两件」库存不足');
    expect(await stockOf(t, g.skuId)).toBe(1);
  });
});

describe('freight by template (delivery module)', () => {
  it('charges the template of the address region, and refuses an address the template does not deliver to', async () => {
    const m = await login(shop);
    // By piece: ¥10 the first, ¥2 each further; 广东 ¥8 + ¥2; 新疆 not delivered.
    const tpl = (
      await t.call(
        '/LesseePick/LesseePick/SaveLogistics',
        {
          name: '按件计费',
          chargeBy: 1,
          rule: { first: 1, firstFee: 10, next: 1, nextFee: 2 },
          regions: [{ areas: ['44'], first: 1, firstFee: 8, next: 1, nextFee: 2 }],
          noDelivery: ['65'],
        },
        owner.token,
      )
    ).body.data.id as string;
    const g = await makeGoods(t, owner.renterId, { title: '按件商品', priceFen: 1_000, stock: 10 });
    await t.db.update(goods).set({ postFeeMode: 2, freightTemplateId: tpl }).where(eq(goods.id, g.goodsId));
    const gd = await ok(`${A}Save`, address(), m.token);
    expect((await ok(`${O}Preview`, { skuId: g.skuId, qty: 3, addressId: gd.id }, m.token)).freight).toBe(12);
    const xj = await ok(`${A}Save`, address({ area: ['65', '6501', '650102'] }), m.token);
    expect(await msg(`${O}Preview`, { skuId: g.skuId, qty: 1, addressId: xj.id }, m.token)).toBe('「按件商品」不支持配送至该地区');
    const refused = await h5(`${O}Submit`, { skuId: g.skuId, qty: 1, deliveryMethod: 1, addressId: xj.id, requestKey: key() }, m.token);
    expect(refused.body.msg).toBe('「按件商品」不支持配送至该地区');
    expect(await stockOf(t, g.skuId)).toBe(10);
  });
});

describe('my orders', () => {
  async function placeFor(m: { token: string }, over: Record<string, unknown> = {}, goodsOver = {}) {
    const g = await makeGoods(t, owner.renterId, { priceFen: 2_000, stock: 10, ...goodsOver });
    const placed = await ok(`${O}Submit`, { skuId: g.skuId, qty: 2, deliveryMethod: 2, requestKey: key(), ...over }, m.token);
    return { ...placed, g };
  }

  it('lists by tab with each order’s lines, newest first, paged', async () => {
    const m = await login(shop);
    const unpaid = await placeFor(m);
    const paid = await placeFor(m);
    await payBySandbox(t, paid.qr_code);
    const closed = await placeFor(m);
    await ok(`${O}Cancel`, { id: closed.orderId }, m.token);

    const all = await ok(`${O}List`, {}, m.token);
    expect(all.total_count).toBe(3);
    expect(all.rows.map((r: { id: string }) => r.id)).toEqual([closed.orderId, paid.orderId, unpaid.orderId]);
    expect(all.rows[0]).toMatchObject({ status: 4, statusText: '已关闭', total: 40, units: 2 });
    expect(all.rows[0].lines).toEqual([expect.objectContaining({ goodsId: closed.g.goodsId, price: 20, qty: 2 })]);
    expect((await ok(`${O}List`, { tab: 'unpaid' }, m.token)).rows.map((r: { id: string }) => r.id)).toEqual([unpaid.orderId]);
    expect((await ok(`${O}List`, { tab: 'toShip' }, m.token)).rows.map((r: { id: string }) => r.id)).toEqual([paid.orderId]);
    expect((await ok(`${O}List`, { tab: 'shipped' }, m.token)).total_count).toBe(0);
    const page2 = await ok(`${O}List`, { page_index: 2, page_size: 2 }, m.token);
    expect(page2.rows.map((r: { id: string }) => r.id)).toEqual([unpaid.orderId]);
    expect(await msg(`${O}List`, { tab: 'closed' }, m.token)).toBe('订单状态不正确');
  });

  it('walks a pick-up order: pay again, code once paid, refused cancel; and a shipped one to 已完成', async () => {
    const m = await login(shop);
    const o = await placeFor(m);
    const again = await ok(`${O}Pay`, { id: o.orderId }, m.token);
    expect(again.qr_code).toBe(o.qr_code);
    expect(await msg(`${O}PickupCode`, { id: o.orderId }, m.token)).toBe('订单未付款，付款后生成提货码');
    const unpaid = await ok(`${O}Detail`, { id: o.orderId }, m.token);
    expect(unpaid.payDeadline).not.toBe('');
    // The seconds left agree with the deadline shown (the auto-cancel minutes after the order, a few seconds taken).
    const shownLeft = (parseTime(unpaid.payDeadline).getTime() - Date.now()) / 1000;
    expect(unpaid.payLeftSeconds).toBeGreaterThan(0);
    expect(Math.abs(unpaid.payLeftSeconds - shownLeft)).toBeLessThan(5);
    await payBySandbox(t, o.qr_code);
    expect(await msg(`${O}Pay`, { id: o.orderId }, m.token)).toBe('订单已支付，请勿重复支付');
    expect(await msg(`${O}Cancel`, { id: o.orderId }, m.token)).toBe('订单已付款，请联系商家取消');
    expect(await msg(`${O}Confirm`, { id: o.orderId }, m.token)).toBe('订单未发货，不能确认收货');
    const code = await ok(`${O}PickupCode`, { id: o.orderId }, m.token);
    expect(code).toMatchObject({ status: 1, code: expect.stringMatching(/^\d{8}$/) });
    const d = await ok(`${O}Detail`, { id: o.orderId }, m.token);
    expect(d).toMatchObject({
      status: 1,
      pickupCode: code.code,
      paid: 40,
      goods: 40,
      freight: 0,
      total: 40,
      deliveryText: '到店自提',
      payDeadline: '',
      payLeftSeconds: 0,
    });
    expect(d.timeline.map((l: { action: string; by: string }) => [l.action, l.by])).toEqual([
      ['买家下单', '买家'],
      ['买家付款', '买家'],
    ]);

    // 快递: shipped by the merchant, confirmed by the buyer.
    await ok(`${A}Save`, address(), m.token);
    const e = await placeFor(m, { deliveryMethod: 1 });
    expect(await msg(`${O}PickupCode`, { id: e.orderId }, m.token)).toBe('该订单不是自提订单');
    await payBySandbox(t, e.qr_code);
    await moveGoodsOrder(seedTenant(t.db, owner.renterId), e.orderId, 'ship', {
      by: { kind: 'staff', id: owner.userId, name: '店员小王' },
    });
    expect((await ok(`${O}List`, { tab: 'shipped' }, m.token)).rows.map((r: { id: string }) => r.id)).toEqual([e.orderId]);
    expect((await h5(`${O}Confirm`, { id: e.orderId }, m.token)).body).toMatchObject({ code: 0, msg: '已确认收货' });
    expect(await msg(`${O}Confirm`, { id: e.orderId }, m.token)).toBe('订单已完成，不能确认收货');
    const done = await ok(`${O}Detail`, { id: e.orderId }, m.token);
    expect(done).toMatchObject({ status: 3, address: { name: '张三' } });
    expect(done.completeTime).not.toBe('');
    expect(done.timeline.map((l: { action: string; by: string }) => [l.action, l.by])).toEqual([
      ['买家下单', '买家'],
      ['买家付款', '买家'],
      ['商家发货', '商家'],
      ['买家确认收货', '买家'],
    ]);
    expect(JSON.stringify(done)).not.toContain('小王');
  });

  it('cancels an unpaid order with its stock back; a merchant’s cancel shows its reason, not who', async () => {
    const m = await login(shop);
    const o = await placeFor(m);
    expect(await stockOf(t, o.g.skuId)).toBe(8);
    expect((await h5(`${O}Cancel`, { id: o.orderId }, m.token)).body).toMatchObject({ code: 0, msg: '订单已取消' });
    expect(await stockOf(t, o.g.skuId)).toBe(10);
    expect(await msg(`${O}Cancel`, { id: o.orderId }, m.token)).toBe('订单已关闭，请勿重复操作');
    expect(await msg(`${O}Pay`, { id: o.orderId }, m.token)).toBe('订单已关闭，请重新下单');
    expect((await ok(`${O}Detail`, { id: o.orderId }, m.token)).closeReason).toBe('买家取消订单');

    const p = await placeFor(m);
    await payBySandbox(t, p.qr_code);
    await merchantCancel(renterCtx(t, owner.renterId), p.orderId, owner.renterId, '商品缺货', {
      kind: 'staff',
      id: owner.userId,
      name: '店员小李',
    });
    await t.db.insert(orderLogs).values({
      renterId: owner.renterId,
      orderId: p.orderId,
      action: '修改卖家备注',
      actorKind: 'staff',
      actorName: '店员小李',
      note: '难缠',
    });
    const d = await ok(`${O}Detail`, { id: p.orderId }, m.token);
    expect(d).toMatchObject({ status: 4, closeReason: '商品缺货', pickupCode: '' });
    expect(d.timeline.at(-1)).toMatchObject({ action: '商家取消订单', by: '商家', note: '商品缺货' });
    expect(JSON.stringify(d)).not.toMatch(/小李|难缠/);
  });
});

describe('who may see what', () => {
  it('answers another member’s order, cart line and address as missing ones', async () => {
    const g = await makeGoods(t, owner.renterId, { stock: 10 });
    const o = await ok(`${O}Submit`, { skuId: g.skuId, qty: 1, deliveryMethod: 2, requestKey: key() }, you.token);
    const line = await ok(`${C}Add`, { skuId: g.skuId, qty: 1 }, you.token);
    const addr = await ok(`${A}Save`, address(), you.token);
    const missing = crypto.randomUUID();
    for (const path of ['Detail', 'Cancel', 'Pay', 'Confirm', 'PickupCode']) {
      expect(await msg(`${O}${path}`, { id: o.orderId })).toBe('订单不存在');
      expect(await msg(`${O}${path}`, { id: missing })).toBe('订单不存在');
    }
    expect(await msg(`${C}SetQty`, { id: line.id, qty: 1 })).toBe('购物车商品不存在');
    expect(await msg(`${C}Remove`, { ids: [line.id] })).toBe('购物车商品不存在');
    expect(await msg(`${O}Preview`, { cartIds: [line.id] })).toBe('购物车商品已变化，请刷新后重试');
    for (const path of ['Delete', 'SetDefault']) expect(await msg(`${A}${path}`, { id: addr.id })).toBe('收货地址不存在');
    expect(await msg(`${A}Save`, address({ id: addr.id }))).toBe('收货地址不存在');
    expect(await msg(`${O}Preview`, { skuId: g.skuId, addressId: addr.id })).toBe('收货地址不存在');
    expect((await ok(`${O}List`, {})).rows.map((r: { id: string }) => r.id)).not.toContain(o.orderId);
    // Nothing of theirs changed.
    expect((await orderOf(t, o.orderId)).status).toBe(0);
    expect((await ok(`${C}Count`, {}, you.token)).lines).toBe(1);
  });

  it('refuses a staff token, a visitor, and a member of another shop', async () => {
    for (const path of [`${C}List`, `${O}List`, `${A}List`]) {
      expect((await h5(path, {}, owner.token)).status).toBe(401);
      const visitor = await t.call(path, {}, undefined, { [SHOP_HEADER]: shop, [VISITOR_HEADER]: t.visitorToken('v1') });
      expect(visitor.body).toMatchObject({ code: 401, msg: EXPIRED_MSG });
      expect((await h5(path, {}, me.token, otherShop)).status).toBe(401);
    }
  });
});
