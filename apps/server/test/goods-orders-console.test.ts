import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodsOrderLines, operLogs } from '@/db/schema';
import { makeApp, type Person, runRefundJobs, type TestApp } from './helper';
import { orderOf, stockOf } from './goods-orders-fixtures';
import { buyer, order, P } from './goods-orders-console-fixtures';

let t: TestApp;
let owner: Person;

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('商品订单后台店');
});
afterAll(() => t.close());

const ok = (name: string, body: object) => t.ok(`${P}${name}`, body, owner.token);
const refused = async (name: string, body: object, token = owner.token) => (await t.call(`${P}${name}`, body, token)).body;

describe('orderList', () => {
  it('pages, filters and sorts on the server, with every tab counted', async () => {
    const r = owner.renterId;
    const m = await buyer(t, r);
    const a = await order(t, r, { title: '龙井礼盒', priceFen: 9900, member: m });
    const b = await order(t, r, { title: '普洱茶饼', priceFen: 1900, qty: [2] });
    const c = await order(t, r, { title: '龙井散装', unpaid: true });
    const d = await order(t, r, { title: '自提月饼', pickup: true });

    const all = await ok('orderList', { page_size: 50 });
    expect(all.total_count).toBe(4);
    // Newest first by default.
    expect(all.rows.map((x: { id: string }) => x.id)).toEqual([d.id, c.id, b.id, a.id]);
    const tabs = Object.fromEntries(all.tabs.map((x: { text: string; count: number }) => [x.text, x.count]));
    expect(tabs).toEqual({ 全部: 4, 待付款: 1, 待发货: 3, 已发货: 0, 已完成: 0, 已关闭: 0, 售后中: 0 });
    const row = all.rows.find((x: { id: string }) => x.id === b.id);
    expect(row).toMatchObject({
      orderNo: b.orderNo,
      status: 1,
      statusText: '待发货',
      deliveryText: '快递发货',
      payAmount: 38,
      paidAmount: 38,
      payMethodText: '沙箱支付',
      totalQty: 2,
      shippedQty: 0,
      consignee: '张三',
    });
    expect(row.lines).toEqual([expect.objectContaining({ title: '普洱茶饼', price: 19, qty: 2 })]);

    const ids = async (body: object) => (await ok('orderList', body)).rows.map((x: { id: string }) => x.id);
    expect(await ids({ tab: 0 })).toEqual([c.id]);
    expect(await ids({ tab: 1, deliveryMethod: 2 })).toEqual([d.id]);
    expect(await ids({ goodsTitle: '龙井' })).toEqual([c.id, a.id]);
    expect(await ids({ orderNo: a.orderNo })).toEqual([a.id]);
    expect(await ids({ keyword: b.orderNo })).toEqual([b.id]);
    expect(await ids({ memberPhone: m.phone })).toEqual([a.id]);
    expect(await ids({ keyword: m.phone })).toEqual([a.id]);
    expect(await ids({ payMethod: 'sandbox', sorter: [{ field: 'payAmount', order: 'descend' }] })).toEqual([a.id, d.id, b.id]);
    expect(await ids({ timeType: 'pay', stime: '2000-01-01 00:00:00', endtime: '2000-01-02 00:00:00' })).toEqual([]);
    expect(await ids({ page_size: 2, page_index: 2 })).toEqual([b.id, a.id]);
    // Sorts read their index forwards or backwards (README "Benchmark"): 付款时间 newest first lists the unpaid last,
    // oldest first lists them first; 下单时间 oldest first.
    expect(await ids({ sorter: [{ field: 'payTime', order: 'descend' }] })).toEqual([d.id, b.id, a.id, c.id]);
    expect(await ids({ sorter: [{ field: 'payTime', order: 'ascend' }] })).toEqual([c.id, a.id, b.id, d.id]);
    expect(await ids({ sorter: [{ field: 'createTime', order: 'ascend' }] })).toEqual([a.id, b.id, c.id, d.id]);
    // A 付款时间 range without a sort lists by 付款时间, newest paid first; a 下单时间 range keeps 下单时间.
    await t.db.execute(sql`update goods_orders set paid_at = now() + interval '1 hour' where id = ${a.id}`);
    const range = { stime: '2000-01-01 00:00:00', endtime: '2099-12-31 23:59:59' };
    expect(await ids({ timeType: 'pay', ...range })).toEqual([a.id, d.id, b.id]);
    expect(await ids({ timeType: 'create', ...range })).toEqual([d.id, c.id, b.id, a.id]);
    expect(await ids({ tab: 1, timeType: 'pay', ...range })).toEqual([a.id, d.id, b.id]);
  });

  it('finds orders by the title they were bought under, also after the goods is renamed (README "Title filter")', async () => {
    const other = await t.registerOwner('商品名称筛选店');
    const r = other.renterId;
    const ids = async (body: object) => (await t.ok(`${P}orderList`, body, other.token)).rows.map((x: { id: string }) => x.id).sort();
    const a = await order(t, r, { title: '100%纯棉T恤_白' });
    const b = await order(t, r, { title: '纯棉袜', qty: [1, 2] });
    // The goods renamed after its order: the order keeps (and is found by) the title it was bought under.
    await t.db.execute(sql`update goods set title = '改名后的T恤' where renter_id = ${r} and title = '100%纯棉T恤_白'`);
    const c = await order(t, r, { title: '改名后的T恤' });
    expect(await ids({ goodsTitle: '纯棉' })).toEqual([a.id, b.id].sort());
    expect(await ids({ goodsTitle: '100%纯棉T恤_白' })).toEqual([a.id]);
    expect(await ids({ goodsTitle: '改名后' })).toEqual([c.id]);
    // %, _ are taken literally; a second line's title finds its order; any case.
    expect(await ids({ goodsTitle: '100_' })).toEqual([]);
    expect(await ids({ keyword: '纯棉袜1' })).toEqual([b.id]);
    expect(await ids({ goodsTitle: 't恤' })).toEqual([a.id, c.id].sort());
    expect(await ids({ goodsTitle: '没有买过的' })).toEqual([]);
    // Another renter's titles find nothing here.
    expect(await ids({ goodsTitle: '龙井' })).toEqual([]);
  });

  it('names the field of a bad filter', async () => {
    expect(await refused('orderList', { tab: 9 })).toMatchObject({ code: 1001, msg: expect.stringContaining('订单状态不正确') });
    expect(await refused('orderList', { deliveryMethod: 7 })).toMatchObject({ code: 1001, msg: expect.stringContaining('配送方式不正确') });
    expect(await refused('orderList', { stime: '昨天' })).toMatchObject({ code: 1001, msg: '开始时间格式不正确' });
  });
});

describe('detail, notes and address', () => {
  it('answers the detail page and the 发货 dialog; another renter’s order is missing', async () => {
    const o = await order(t, owner.renterId, { title: '明前龙井', qty: [2, 1] });
    const d = await ok('orderDetail', { id: o.id });
    expect(d).toMatchObject({ orderNo: o.orderNo, status: 1, address: { name: '张三', areaText: '广东省 深圳市 南山区' }, parcels: [] });
    expect(d.detailLines.map((l: { toShipQty: number }) => l.toShipQty)).toEqual([2, 1]);
    expect(d.logs.map((l: { action: string }) => l.action)).toEqual(['买家下单', '买家付款']);
    const s = await ok('GetOrderDetail', { id: o.id });
    expect(s.companies).toContainEqual({ code: 'SF', name: '顺丰速运' });
    expect(s.lines).toHaveLength(2);
    const other = await t.registerOwner('别家店');
    expect(await refused('orderDetail', { id: o.id }, other.token)).toMatchObject({ code: 1004, msg: '订单不存在' });
    expect(await refused('CancelOrder', { id: o.id, reason: '商品缺货' }, other.token)).toMatchObject({ code: 1004, msg: '订单不存在' });
    expect((await orderOf(t, o.id)).status).toBe(1);
  });

  it('keeps a seller note and changes the address before shipping only, in the operation log', async () => {
    const o = await order(t, owner.renterId);
    expect((await t.call(`${P}sellerNotes`, { id: o.id, notes: '送小样' }, owner.token)).body).toMatchObject({
      code: 0,
      msg: '备注已保存',
    });
    expect((await orderOf(t, o.id)).sellerNote).toBe('送小样');
    const addr = {
      id: o.id,
      name: '李四',
      phone: '13800001111',
      area: ['31', '3101', '310101'],
      areaText: '上海市 上海市 黄浦区',
      address: '南京东路1号',
    };
    expect(await refused('EditOrderAddress', { ...addr, name: '' })).toMatchObject({
      code: 1001,
      msg: expect.stringContaining('请输入收货人'),
    });
    expect(await refused('EditOrderAddress', { ...addr, phone: '123' })).toMatchObject({
      code: 1001,
      msg: expect.stringContaining('手机号格式不正确'),
    });
    expect((await t.call(`${P}EditOrderAddress`, addr, owner.token)).body).toMatchObject({ code: 0, msg: '收货地址已修改' });
    expect((await orderOf(t, o.id)).address).toMatchObject({ name: '李四', address: '南京东路1号' });
    await ok('AddLogistics', { id: o.id, parcels: [{ companyCode: 'SF', trackingNo: 'SF1000001' }] });
    expect(await refused('EditOrderAddress', addr)).toMatchObject({ msg: '订单已发货，不能修改收货地址' });
    const logs = await t.db
      .select()
      .from(operLogs)
      .where(and(eq(operLogs.renterId, owner.renterId), eq(operLogs.recordId, o.id)));
    expect(logs.map((l) => l.action).sort()).toEqual(['修改商品订单收货地址', '商品订单发货', '商品订单备注'].sort());
    expect(await refused('sellerNotes', { id: o.id, notes: 'x'.repeat(501) })).toMatchObject({
      code: 1001,
      msg: expect.stringContaining('卖家备注不能超过500个字'),
    });
  });
});

describe('shipping', () => {
  it('ships in parcels: 已发货 when every unit is in one, then the auto-confirm job is waiting', async () => {
    const o = await order(t, owner.renterId, { qty: [2, 1] });
    const lines = await t.db.select().from(goodsOrderLines).where(eq(goodsOrderLines.orderId, o.id)).orderBy(goodsOrderLines.sort);
    const first = await t.call(
      `${P}AddLogistics`,
      { id: o.id, parcels: [{ companyCode: 'ZTO', trackingNo: 'ZT001', items: [{ lineId: lines[0].id, qty: 1 }] }] },
      owner.token,
    );
    expect(first.body).toMatchObject({ code: 0, msg: '部分发货成功', data: { shipped: false, status: 1 } });
    expect(
      await refused('AddLogistics', {
        id: o.id,
        parcels: [{ companyCode: 'ZTO', trackingNo: 'ZT002', items: [{ lineId: lines[0].id, qty: 2 }] }],
      }),
    ).toMatchObject({ msg: `商品「${lines[0].title}」发货数量超过待发货数量` });
    expect(await refused('AddLogistics', { id: o.id, parcels: [{ companyCode: 'ZTO', trackingNo: 'ZT001' }] })).toMatchObject({
      msg: '运单号「ZT001」已添加过',
    });
    const rest = await t.call(`${P}AddLogistics`, { id: o.id, parcels: [{ companyCode: 'YTO', trackingNo: 'YT009' }] }, owner.token);
    expect(rest.body).toMatchObject({ code: 0, msg: '发货成功', data: { shipped: true, status: 2, statusText: '已发货' } });
    const row = await orderOf(t, o.id);
    expect(row.shippedAt).not.toBeNull();
    const jobs = await t.db.execute(
      sql`select start_after from pgboss.job where name = 'goods-orders.auto-confirm' and data->>'orderId' = ${o.id}`,
    );
    const startAfter = new Date((jobs as unknown as { rows: { start_after: string }[] }).rows[0].start_after);
    expect(startAfter.getTime() - Date.now()).toBeGreaterThan(6 * 86_400_000);
    const d = await ok('orderDetail', { id: o.id });
    expect(d.parcels.map((p: { companyName: string; items: { qty: number }[] }) => [p.companyName, p.items.map((i) => i.qty)])).toEqual([
      ['中通快递', [1]],
      ['圆通速递', [1, 1]],
    ]);
    expect(d.logs.map((l: { action: string }) => l.action).slice(-2)).toEqual(['商家部分发货', '商家发货']);
    expect(await refused('AddLogistics', { id: o.id, parcels: [{ companyCode: 'SF', trackingNo: 'SF9' }] })).toMatchObject({
      msg: '订单已发货，不能发货',
    });
  });

  it('refuses a parcel for a pick-up, unpaid or closed order, and bad input by field', async () => {
    const pick = await order(t, owner.renterId, { pickup: true });
    const unpaid = await order(t, owner.renterId, { unpaid: true });
    const p = [{ companyCode: 'SF', trackingNo: 'SF77' }];
    expect(await refused('AddLogistics', { id: pick.id, parcels: p })).toMatchObject({ msg: '自提订单无需发货，请在买家到店时核销' });
    expect(await refused('AddLogistics', { id: unpaid.id, parcels: p })).toMatchObject({ msg: '订单未付款，不能发货' });
    expect(await refused('AddLogistics', { id: unpaid.id, parcels: [{ companyCode: 'XX', trackingNo: 'a' }] })).toMatchObject({
      code: 1001,
      msg: expect.stringContaining('快递公司不正确'),
    });
    expect(await refused('AddLogistics', { id: unpaid.id, parcels: [{ companyCode: 'SF', trackingNo: '' }] })).toMatchObject({
      code: 1001,
      msg: expect.stringContaining('请输入快递单号'),
    });
    expect(await refused('AddLogistics', { id: unpaid.id, parcels: [] })).toMatchObject({
      code: 1001,
      msg: expect.stringContaining('请填写包裹'),
    });
  });

  it('ships in bulk with each row’s own result', async () => {
    const a = await order(t, owner.renterId);
    const pick = await order(t, owner.renterId, { pickup: true });
    const r = await t.call(
      `${P}BatchAddLogistics`,
      {
        rows: [
          { orderNo: a.orderNo, companyCode: 'JD', trackingNo: 'JD0001' },
          { orderNo: pick.orderNo, companyCode: 'JD', trackingNo: 'JD0002' },
          { orderNo: 'G000000000000000000', companyCode: 'JD', trackingNo: 'JD0003' },
        ],
      },
      owner.token,
    );
    expect(r.body).toMatchObject({ code: 0, msg: '发货成功1个，失败2个' });
    expect(r.body.data.rows).toEqual([
      { orderNo: a.orderNo, ok: true, msg: '发货成功' },
      { orderNo: pick.orderNo, ok: false, msg: '自提订单无需发货，请在买家到店时核销' },
      { orderNo: 'G000000000000000000', ok: false, msg: '订单不存在' },
    ]);
    expect((await orderOf(t, a.id)).status).toBe(2);
  });

  it('answers each parcel’s tracking from the logistics service', async () => {
    const o = await order(t, owner.renterId);
    await ok('AddLogistics', { id: o.id, parcels: [{ companyCode: 'SF', trackingNo: 'SF2024001' }] });
    // Shipped a week ago: the dev service has it signed for.
    await t.db.execute(sql`update goods_order_parcels set shipped_at = now() - interval '7 days' where order_id = ${o.id}`);
    const r = await ok('GetLogisticsRecord', { id: o.id });
    expect(r.parcels).toHaveLength(1);
    expect(r.parcels[0]).toMatchObject({ companyName: '顺丰速运', trackingNo: 'SF2024001', state: 4, stateText: '已签收' });
    expect(r.parcels[0].traces[0].text).toContain('已签收');
    expect(r.parcels[0].traces.at(-1).text).toContain('已揽收');
  });
});

describe('confirm and cancel', () => {
  it('confirms receipt of a shipped order only', async () => {
    const o = await order(t, owner.renterId);
    expect(await refused('Confirmreceipt', { id: o.id })).toMatchObject({ msg: '订单未发货，不能确认收货' });
    await ok('AddLogistics', { id: o.id, parcels: [{ companyCode: 'EMS', trackingNo: 'EMS01' }] });
    expect((await t.call(`${P}Confirmreceipt`, { id: o.id }, owner.token)).body).toMatchObject({ code: 0, msg: '已确认收货' });
    expect((await orderOf(t, o.id)).status).toBe(3);
    expect(await refused('Confirmreceipt', { id: o.id })).toMatchObject({ msg: '订单已完成，不能确认收货' });
    expect(await refused('CancelOrder', { id: o.id, reason: '商品缺货' })).toMatchObject({ msg: '订单已完成，不能取消' });
  });

  it('cancels with a listed reason: a paid order is refunded in full and its stock comes back', async () => {
    expect((await ok('GetCancelResion', {})).reasons).toEqual([
      '买家不想要了',
      '买家信息填写错误',
      '商品缺货',
      '无法联系上买家',
      '其他原因',
    ]);
    const o = await order(t, owner.renterId, { qty: [3] });
    expect(await stockOf(t, o.skuIds[0])).toBe(47);
    expect(await refused('CancelOrder', { id: o.id, reason: '随便' })).toMatchObject({
      code: 1001,
      msg: expect.stringContaining('请选择取消原因'),
    });
    const r = await t.call(`${P}CancelOrder`, { id: o.id, reason: '其他原因', remark: '仓库漏水' }, owner.token);
    expect(r.body).toMatchObject({ code: 0, msg: '订单已取消' });
    // Closed at once; the refund is a job sent with the cancel, done when it has run.
    expect(await orderOf(t, o.id)).toMatchObject({ status: 4, closeReason: '其他原因：仓库漏水', paidFen: 15_000, refundedFen: 0 });
    await runRefundJobs(t);
    expect(await orderOf(t, o.id)).toMatchObject({ status: 4, paidFen: 15_000, refundedFen: 15_000 });
    expect(await stockOf(t, o.skuIds[0])).toBe(50);
    const unpaid = await order(t, owner.renterId, { unpaid: true });
    await ok('CancelOrder', { id: unpaid.id, reason: '买家不想要了' });
    expect((await orderOf(t, unpaid.id)).status).toBe(4);
    const shipped = await order(t, owner.renterId);
    await ok('AddLogistics', { id: shipped.id, parcels: [{ companyCode: 'DBL', trackingNo: 'DB1' }] });
    expect(await refused('CancelOrder', { id: shipped.id, reason: '商品缺货' })).toMatchObject({ msg: '订单已发货，不能取消' });
  });
});

describe('permissions', () => {
  it('refuses a staff member without 商品订单, and lets one with it look', async () => {
    const o = await order(t, owner.renterId);
    const without = await t.addMember(owner.renterId, ['FormOrderList'], { exact: true });
    expect(await refused('orderList', {}, without.token)).toMatchObject({ code: 1003, msg: '没有权限执行此操作' });
    expect(await refused('CancelOrder', { id: o.id, reason: '商品缺货' }, without.token)).toMatchObject({ code: 1003 });
    const viewer = await t.addMember(owner.renterId, ['GoodsOrderList'], { exact: true });
    expect((await t.call(`${P}orderDetail`, { id: o.id }, viewer.token)).body.code).toBe(0);
    expect(await refused('AddLogistics', { id: o.id, parcels: [{ companyCode: 'SF', trackingNo: 'SF1' }] }, viewer.token)).toMatchObject({
      code: 1003,
    });
    expect((await orderOf(t, o.id)).status).toBe(1);
  });
});
