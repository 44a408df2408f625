/** After-sales (售后维权, /Order/Service/ and /h5/AfterSale/): orders README "After-sales". */
import { SHOP_HEADER } from '@shop/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterSales, files, goodsOrderLines, members, payRefunds } from '@/db/schema';
import { makePng, multipart } from '@/modules/files/files.fixtures';
import { MEMBER_UNCLAIMED_CAP } from '@/modules/files/visitor-files.service';
import { makeApp, type Person, runRefundJobs, type TestApp } from './helper';
import { makeDue, orderOf, payOf, stockOf } from './goods-orders-fixtures';
import { P } from './goods-orders-console-fixtures';
import { addReturnAddress, type Buyer, buyerOf, H, h5, paidOrder, SV, uploadAs } from './after-sales-fixtures';

let t: TestApp;
let owner: Person;
let other: Person;
let me: Buyer;
let you: Buyer;

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('售后店');
  other = await t.registerOwner('别家售后店');
  me = await buyerOf(t, owner.renterId);
  you = await buyerOf(t, owner.renterId);
  await addReturnAddress(t, owner.renterId);
});
afterAll(() => t.close());

async function ok(path: string, body: unknown, b: Buyer = me) {
  const r = await h5(t, b, path, body);
  if (r.body.code !== 0) throw new Error(`${path}: ${r.body.msg}`);
  return r.body.data;
}
async function refused(path: string, body: unknown, b: Buyer = me) {
  const r = await h5(t, b, path, body);
  expect(r.body.code, `${path} should be refused`).not.toBe(0);
  return r.body.msg as string;
}
const staff = (path: string, body: unknown, token = owner.token) => t.call(`${SV}${path}`, body, token);
async function sOk(path: string, body: unknown, token = owner.token) {
  const r = await staff(path, body, token);
  if (r.body.code !== 0) throw new Error(`${path}: ${r.body.msg}`);
  return r.body.data;
}
async function sNo(path: string, body: unknown, token = owner.token) {
  const r = await staff(path, body, token);
  expect(r.body.code, `${path} should be refused`).not.toBe(0);
  return r.body.msg as string;
}
const rowOf = async (id: string) => (await t.db.select().from(afterSales).where(eq(afterSales.id, id)))[0];
const linesOf = async (orderId: string) => t.db.select().from(goodsOrderLines).where(eq(goodsOrderLines.orderId, orderId));
const shipAll = (orderId: string, no = `SF${Date.now()}${Math.random()}`.slice(0, 20)) =>
  t.ok(`${P}AddLogistics`, { id: orderId, parcels: [{ companyCode: 'SF', trackingNo: no.replace('.', ''), items: [] }] }, owner.token);
const apply = (orderId: string, lineId: string, over: Record<string, unknown> = {}, b = me) =>
  ok(`${H}Apply`, { orderId, type: 1, items: [{ lineId, qty: 1 }], reason: '不想要了', ...over }, b);

describe('refund only, before shipping', () => {
  it('is agreed and refunded: the money goes back, stock returns, every unit refunded closes the order', async () => {
    const o = await paidOrder(t, owner.renterId, me, { qty: [2], priceFen: 3000 });
    const before = await stockOf(t, o.skuIds[0]);
    await t.services.jobs.runDue(['outbox.dispatch']);
    expect((await t.db.select().from(members).where(eq(members.id, me.id)))[0]).toMatchObject({ orderCount: 1, spendFen: 6000 });
    const info = await ok(`${H}ApplyInfo`, { orderId: o.id });
    expect(info.types).toEqual([1]);
    expect(info.lines[0]).toMatchObject({ available: 2, refundable: 60, open: false });
    const { id } = await apply(o.id, o.lineIds[0], { items: [{ lineId: o.lineIds[0], qty: 2 }], description: '买重了' });
    expect((await orderOf(t, o.id)).afterSaleOpen).toBe(true);
    expect((await ok('/h5/Order/Detail', { id: o.id })).afterSales).toMatchObject([{ id, status: 1, statusText: '待商家处理' }]);
    // The console: the list, the buttons, the dialog.
    const list = await sOk('serverlist', { keyword: o.orderNo });
    expect(list.rows).toMatchObject([{ id, typeText: '仅退款', statusText: '待商家处理', amount: 60, memberPhone: me.phone }]);
    expect(list.tabs.find((x: { tab: number }) => x.tab === 1).count).toBeGreaterThanOrEqual(1);
    expect((await sOk('GetNextServer', { id })).actions.map((a: { action: string }) => a.action)).toEqual(['agree', 'refuse', 'message']);
    expect(await sOk('GetCheckServerDetail', { id })).toMatchObject({ refundable: 60, amount: 60 });
    // Steps not allowed yet are refused, saying why.
    expect(await sNo('AddFlow', { id, action: 'receive' })).toBe('售后单待商家处理，不能确认收货');
    expect(await sNo('AddFlow', { id, action: 'refund' })).toBe('售后单待商家处理，不能退款');
    await sOk('CheckService', { id, agree: true });
    await runRefundJobs(t);
    expect(await rowOf(id)).toMatchObject({ status: 7, refundFen: 6000 });
    expect(await orderOf(t, o.id)).toMatchObject({ status: 4, refundedFen: 6000, afterSaleOpen: false, closeReason: '全部商品已退款' });
    expect(await stockOf(t, o.skuIds[0])).toBe(before + 2);
    expect((await linesOf(o.id))[0].refundedQty).toBe(2);
    const d = await sOk('GetServerDetail', { id });
    expect(d.logs.map((l: { action: string }) => l.action)).toEqual(['买家申请售后', '商家同意退款', '商家发起退款', '退款成功']);
    expect(d.statusText).toBe('已完成');
    // Done: nothing more moves, the buyer cannot cancel, the order takes no new request.
    expect(await sNo('CheckService', { id, agree: false, reason: '不行' })).toBe('售后单已完成，不能拒绝');
    expect(await refused(`${H}Cancel`, { id })).toBe('售后单已完成，不能撤销');
    expect(await refused(`${H}Apply`, { orderId: o.id, type: 1, items: [{ lineId: o.lineIds[0], qty: 1 }], reason: '不想要了' })).toBe(
      '订单已关闭，不能申请售后',
    );
    // The member's figures follow the refund (outbox): the closed order no longer counts.
    await t.services.jobs.runDue(['outbox.dispatch']);
    expect((await t.db.select().from(members).where(eq(members.id, me.id)))[0]).toMatchObject({ orderCount: 0, spendFen: 0 });
  });

  it('refunds part: less than asked; the order stays 待发货 and ships once what is left is shipped', async () => {
    const o = await paidOrder(t, owner.renterId, me, { qty: [3], priceFen: 1000 });
    // One unit shipped, then the buyer asks back one of the two unshipped ones.
    await t.ok(
      `${P}AddLogistics`,
      { id: o.id, parcels: [{ companyCode: 'SF', trackingNo: `SFP${Date.now()}`, items: [{ lineId: o.lineIds[0], qty: 1 }] }] },
      owner.token,
    );
    expect(await refused(`${H}Apply`, { orderId: o.id, type: 1, items: [{ lineId: o.lineIds[0], qty: 3 }], reason: '不想要了' })).toMatch(
      /最多可申请2件$/,
    );
    expect(await refused(`${H}Apply`, { orderId: o.id, type: 2, items: [{ lineId: o.lineIds[0], qty: 1 }], reason: '不想要了' })).toBe(
      '订单未发货，只能申请仅退款',
    );
    expect(
      await refused(`${H}Apply`, { orderId: o.id, type: 1, items: [{ lineId: o.lineIds[0], qty: 1 }], reason: '不想要了', amount: 10.01 }),
    ).toBe('退款金额不能超过可退金额 10.00 元');
    const { id } = await apply(o.id, o.lineIds[0]);
    expect(await refused(`${H}Apply`, { orderId: o.id, type: 1, items: [{ lineId: o.lineIds[0], qty: 1 }], reason: '不想要了' })).toMatch(
      /已有售后在处理中$/,
    );
    expect(await sNo('CheckService', { id, agree: true, amount: 10.5 })).toBe('退款金额不能超过可退金额 10.00 元');
    expect((await rowOf(id)).status).toBe(1); // agreeing and its refund are one step: refused whole, nothing changed
    await sOk('CheckService', { id, agree: true, amount: 6 });
    await runRefundJobs(t);
    expect(await rowOf(id)).toMatchObject({ status: 7, refundFen: 600, amountFen: 1000 });
    expect(await orderOf(t, o.id)).toMatchObject({ status: 1, refundedFen: 600, afterSaleOpen: false });
    // The last unshipped unit refunded: what is left is all shipped, so the order is 已发货.
    const second = await apply(o.id, o.lineIds[0]);
    await sOk('CheckService', { id: second.id, agree: true });
    expect(await orderOf(t, o.id)).toMatchObject({ status: 2, refundedFen: 600 }); // shipped at once; the money follows
    await runRefundJobs(t);
    expect(await orderOf(t, o.id)).toMatchObject({ status: 2, refundedFen: 1600 });
  });
});

describe('return and refund', () => {
  it('goes agree → the buyer ships → received (stock back once) → refunded; each step refused out of turn', async () => {
    const o = await paidOrder(t, owner.renterId, me, { qty: [2], priceFen: 2000 });
    await shipAll(o.id);
    const stock = await stockOf(t, o.skuIds[0]);
    const { id } = await apply(o.id, o.lineIds[0], { type: 2, reason: '质量问题', items: [{ lineId: o.lineIds[0], qty: 2 }] });
    expect(await refused(`${H}ReturnShip`, { id, companyCode: 'SF', trackingNo: 'SF0001' })).toBe('售后单待商家处理，不能填写退货物流');
    const check = await sOk('GetCheckServerDetail', { id });
    expect(check.addresses[0]).toMatchObject({ name: '售后组', isDefault: true });
    await sOk('CheckService', { id, agree: true });
    const agreed = await ok(`${H}Detail`, { id });
    expect(agreed).toMatchObject({ status: 2, statusText: '待买家退货', returnAddress: { name: '售后组' } });
    expect(agreed.deadline).not.toBe('');
    expect(await sNo('AddFlow', { id, action: 'receive' })).toBe('售后单待买家退货，不能确认收货');
    await ok(`${H}ReturnShip`, { id, companyCode: 'SF', trackingNo: 'SF0001' });
    expect(await refused(`${H}Cancel`, { id })).toBe('售后单待商家收货，不能撤销');
    expect((await sOk('GetNextServer', { id })).actions.map((a: { action: string }) => a.action)).toEqual(['receive', 'refuse', 'message']);
    await sOk('AddFlow', { id, action: 'receive', note: '包装完好' });
    expect(await stockOf(t, o.skuIds[0])).toBe(stock + 2);
    expect(await sNo('AddFlow', { id, action: 'receive' })).toBe('售后单待商家退款，不能确认收货');
    expect(await stockOf(t, o.skuIds[0])).toBe(stock + 2);
    await sOk('AddFlow', { id, action: 'refund' });
    await runRefundJobs(t);
    expect(await rowOf(id)).toMatchObject({ status: 7, refundFen: 4000 });
    expect(await orderOf(t, o.id)).toMatchObject({ status: 2, refundedFen: 4000, afterSaleOpen: false });
    const history = (await ok(`${H}Detail`, { id })).logs;
    expect(history.map((l: { by: string; action: string }) => `${l.by}:${l.action}`)).toEqual([
      '买家:买家申请售后',
      '商家:商家同意退货',
      '买家:买家已寄回商品',
      '商家:商家确认收到退货',
      '商家:商家发起退款',
      '系统:退款成功',
    ]);
  });

  it('exchange: received goods back in stock, the new parcel takes stock, no money moves', async () => {
    const o = await paidOrder(t, owner.renterId, me, { qty: [1] });
    await shipAll(o.id);
    const stock = await stockOf(t, o.skuIds[0]);
    const { id } = await apply(o.id, o.lineIds[0], { type: 3, reason: '包装或商品破损' });
    await sOk('CheckService', { id, agree: true });
    await ok(`${H}ReturnShip`, { id, companyCode: 'ZTO', trackingNo: 'ZT0001' });
    await sOk('AddFlow', { id, action: 'receive' });
    expect(await stockOf(t, o.skuIds[0])).toBe(stock + 1);
    expect(await sNo('AddFlow', { id, action: 'refund' })).toBe('售后单待商家发货，不能退款');
    expect(await sNo('AddFlow', { id, action: 'resend', companyCode: 'SF' })).toBe('请输入快递单号');
    await sOk('AddFlow', { id, action: 'resend', companyCode: 'SF', trackingNo: 'SF9999' });
    await runRefundJobs(t);
    expect(await rowOf(id)).toMatchObject({ status: 7, resendCompany: '顺丰速运', resendTrackingNo: 'SF9999', refundFen: 0 });
    expect(await stockOf(t, o.skuIds[0])).toBe(stock);
    expect((await orderOf(t, o.id)).refundedFen).toBe(0);
  });

  it('refuses with a reason, also at receipt; the buyer may apply again afterwards', async () => {
    const o = await paidOrder(t, owner.renterId, me, { qty: [1] });
    await shipAll(o.id);
    const { id } = await apply(o.id, o.lineIds[0], { type: 2 });
    expect(await sNo('CheckService', { id, agree: false })).toBe('请输入拒绝原因');
    await sOk('CheckService', { id, agree: false, reason: '商品已使用，不支持退货' });
    expect(await ok(`${H}Detail`, { id })).toMatchObject({ status: 8, refuseReason: '商品已使用，不支持退货' });
    expect((await orderOf(t, o.id)).afterSaleOpen).toBe(false);
    expect(await sNo('CheckService', { id, agree: true })).toBe('售后单已拒绝，不能同意');
    const again = await apply(o.id, o.lineIds[0], { type: 2 });
    await sOk('CheckService', { id: again.id, agree: true });
    await ok(`${H}ReturnShip`, { id: again.id, companyCode: 'SF', trackingNo: 'SF0002' });
    await sOk('CheckService', { id: again.id, agree: false, reason: '退回商品与订单不符' });
    expect((await rowOf(again.id)).status).toBe(8);
  });
});

describe('the buyer', () => {
  it('cancels while not answered or not shipped back; cannot apply on unpaid, others’ orders, or see others’ requests', async () => {
    const o = await paidOrder(t, owner.renterId, me, { qty: [1] });
    const { id } = await apply(o.id, o.lineIds[0]);
    await ok(`${H}Cancel`, { id });
    expect((await rowOf(id)).status).toBe(9);
    expect((await orderOf(t, o.id)).afterSaleOpen).toBe(false);
    expect(await refused(`${H}Cancel`, { id })).toBe('售后单已撤销，不能撤销');
    expect(await sNo('CheckService', { id, agree: true })).toBe('售后单已撤销，不能同意');
    // Another member: the order and the request answer as missing ones.
    expect(await refused(`${H}Detail`, { id }, you)).toBe('售后单不存在');
    expect(await refused(`${H}Cancel`, { id }, you)).toBe('售后单不存在');
    expect(await refused(`${H}ApplyInfo`, { orderId: o.id }, you)).toBe('订单不存在');
    expect(await refused(`${H}Apply`, { orderId: o.id, type: 1, items: [{ lineId: o.lineIds[0], qty: 1 }], reason: '不想要了' }, you)).toBe(
      '订单不存在',
    );
    expect((await ok(`${H}List`, {}, you)).rows).toEqual([]);
    expect((await ok(`${H}List`, {})).rows.some((r: { id: string }) => r.id === id)).toBe(true);
    const unpaid = await paidOrder(t, owner.renterId, me, { unpaid: true });
    expect(await refused(`${H}ApplyInfo`, { orderId: unpaid.id })).toBe('订单未付款，不能申请售后');
    expect(await refused(`${H}Apply`, { orderId: o.id, type: 1, items: [], reason: '不想要了' })).toBe('请选择售后商品');
    expect(await refused(`${H}Apply`, { orderId: o.id, type: 1, items: [{ lineId: o.lineIds[0], qty: 1 }], reason: '随便' })).toBe(
      '请选择申请原因',
    );
    // A staff token is not a member.
    expect((await t.call(`${H}List`, {}, owner.token, { 'shop-id': me.shop })).status).toBe(401);
  });

  it('a completed order takes requests for the settings’ days after completion', async () => {
    const o = await paidOrder(t, owner.renterId, me, { qty: [1] });
    await shipAll(o.id);
    await ok('/h5/Order/Confirm', { id: o.id });
    expect((await ok('/h5/Order/Detail', { id: o.id })).canApplyAfterSale).toBe(true);
    await sOk('AutoCheckServer', { save: { autoAgreeUnshipped: false, replyDays: 7, returnDays: 7, applyDays: 0 } });
    await t.db.execute(`update goods_orders set completed_at = now() - interval '1 minute' where id = '${o.id}'`);
    expect(await refused(`${H}ApplyInfo`, { orderId: o.id })).toBe('订单已超过售后期限');
    expect((await ok('/h5/Order/Detail', { id: o.id })).canApplyAfterSale).toBe(false);
    await sOk('AutoCheckServer', { save: { autoAgreeUnshipped: false, replyDays: 7, returnDays: 7, applyDays: 7 } });
  });
});

describe('settings and timeouts (jobs)', () => {
  it('auto-agrees and refunds a refund-only of an unshipped order when switched on', async () => {
    expect(await sNo('AutoCheckServer', { save: { autoAgreeUnshipped: true, replyDays: 31, returnDays: 7, applyDays: 7 } })).toBe(
      '商家处理时限不能超过30天',
    );
    await sOk('AutoCheckServer', { save: { autoAgreeUnshipped: true, replyDays: 3, returnDays: 7, applyDays: 7 } });
    expect(await sOk('AutoCheckServer', {})).toEqual({ autoAgreeUnshipped: true, replyDays: 3, returnDays: 7, applyDays: 7 });
    const o = await paidOrder(t, owner.renterId, me, { qty: [1], priceFen: 1234 });
    const { id } = await apply(o.id, o.lineIds[0]);
    await t.services.jobs.runDue(['after-sales.timeout']);
    await runRefundJobs(t);
    expect(await rowOf(id)).toMatchObject({ status: 7, refundFen: 1234 });
    expect((await ok(`${H}Detail`, { id })).logs[1]).toMatchObject({
      by: '系统',
      action: '商家同意退款',
      note: '未发货订单仅退款，系统自动同意',
    });
    expect((await payOf(t, o.id)).refundedFen).toBe(1234);
    await sOk('AutoCheckServer', { save: { autoAgreeUnshipped: false, replyDays: 3, returnDays: 7, applyDays: 7 } });
  });

  it('the merchant not answering in time: agreed; the buyer not shipping back in time: closed', async () => {
    const o = await paidOrder(t, owner.renterId, me, { qty: [1] });
    await shipAll(o.id);
    const { id } = await apply(o.id, o.lineIds[0], { type: 2 });
    expect((await rowOf(id)).deadlineAt).not.toBeNull();
    await makeDue(t, 'after-sales.timeout');
    await t.services.jobs.runDue(['after-sales.timeout']);
    expect(await rowOf(id)).toMatchObject({ status: 2, returnAddress: { name: '售后组' } });
    await makeDue(t, 'after-sales.timeout');
    await t.services.jobs.runDue(['after-sales.timeout']);
    expect((await rowOf(id)).status).toBe(10);
    expect((await ok(`${H}Detail`, { id })).logs.at(-1)).toMatchObject({ by: '系统', action: '买家超时未退货，售后关闭' });
    expect((await orderOf(t, o.id)).afterSaleOpen).toBe(false);
  });
});

describe('the console', () => {
  it('filters, tabs and sorts on the server; another renter sees none of it; permissions are checked', async () => {
    const o = await paidOrder(t, owner.renterId, you, { qty: [1], priceFen: 9900 });
    const { id } = await apply(o.id, o.lineIds[0], {}, you);
    const mine = await sOk('serverlist', { memberPhone: you.phone, tab: 1 });
    expect(mine.rows.map((r: { id: string }) => r.id)).toEqual([id]);
    expect((await sOk('serverlist', { memberPhone: you.phone, tab: 7 })).rows).toEqual([]);
    expect((await sOk('serverlist', { afterSaleNo: (await rowOf(id)).afterSaleNo })).rows).toHaveLength(1);
    const byAmount = await sOk('serverlist', { sorter: [{ field: 'amount', order: 'descend' }], page_size: 200 });
    const amounts = byAmount.rows.map((r: { amount: number }) => r.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(await sNo('serverlist', { keyword: '随便' })).toBe('请输入售后单号、订单编号或买家手机号');
    // Another renter: nothing listed, the id answers as a missing one, no move happens.
    expect((await sOk('serverlist', {}, other.token)).rows).toEqual([]);
    expect(await sNo('GetServerDetail', { id }, other.token)).toBe('售后单不存在');
    expect(await sNo('CheckService', { id, agree: true }, other.token)).toBe('售后单不存在');
    expect((await rowOf(id)).status).toBe(1);
    // A clerk without 售后维权 is refused; one with it acts.
    const clerk = await t.addMember(owner.renterId, ['GoodsOrderList']);
    expect((await staff('serverlist', {}, clerk.token)).body.code).not.toBe(0);
    const viewer = await t.addMember(owner.renterId, ['SalesProtection'], { exact: true });
    expect((await staff('GetServerDetail', { id }, viewer.token)).body.code).toBe(0);
    expect((await staff('CheckService', { id, agree: true }, viewer.token)).body.msg).toBe('没有权限执行此操作');
    const agent = await t.addMember(owner.renterId, ['SalesProtection']);
    await sOk('CheckService', { id, agree: true }, agent.token);
    await runRefundJobs(t);
    expect((await rowOf(id)).status).toBe(7);
    const refunds = await t.db
      .select()
      .from(payRefunds)
      .where(eq(payRefunds.payOrderId, (await payOf(t, o.id)).id));
    expect(refunds.map((r) => [r.amountFen, r.status])).toEqual([[9900, 2]]);
  });
});

const upload = (b: Buyer = me, data?: Buffer) => uploadAs(t, b, data);

describe('images on a request (凭证图片)', () => {
  it("are the buyer's own uploads, used once, and shown on both sides", async () => {
    const buyer = await buyerOf(t, owner.renterId);
    const o = await paidOrder(t, owner.renterId, buyer, { qty: [1, 1] });
    const a = await upload(buyer);
    const b = await upload(buyer);
    expect(a).toMatchObject({ code: 0, msg: '上传成功' });
    // Another member's image, a made-up address: refused, nothing written.
    const yours = await upload(you);
    const line = (i: number) => ({ orderId: o.id, type: 1, items: [{ lineId: o.lineIds[i], qty: 1 }], reason: '不想要了' });
    expect(await refused(`${H}Apply`, { ...line(0), images: [a.data.url, yours.data.url] }, buyer)).toBe('凭证图片已失效，请重新上传');
    expect(await refused(`${H}Apply`, { ...line(0), images: ['/file/x/y.png'] }, buyer)).toBe('凭证图片已失效，请重新上传');
    expect(await refused(`${H}Apply`, { ...line(0), images: Array(7).fill(a.data.url) }, buyer)).toBe('凭证图片最多6张');
    expect((await t.db.select().from(afterSales).where(eq(afterSales.orderId, o.id))).length).toBe(0);

    const { id } = await ok(`${H}Apply`, { ...line(0), images: [a.data.url, b.data.url] }, buyer);
    const mine = await ok(`${H}Detail`, { id }, buyer);
    expect(mine.images).toEqual([a.data.url, b.data.url]);
    expect(mine.logs.find((l: { action: string }) => l.action === '买家申请售后').images).toEqual([a.data.url, b.data.url]);
    expect((await sOk('GetServerDetail', { id })).images).toEqual([a.data.url, b.data.url]);
    // Used once: the same image on a second request is refused; the merchant cannot delete it from under the request.
    expect(await refused(`${H}Apply`, { ...line(1), images: [a.data.url] }, buyer)).toBe('凭证图片已失效，请重新上传');
    const del = await t.call('/UpFile/DelFile', { id: a.data.id }, owner.token);
    expect(del.body.msg).toBe('该图片已用于买家的售后申请，不能删除');
    // The image is served.
    const got = await t.app.inject({ method: 'GET', url: a.data.url });
    expect(got.statusCode).toBe(200);
  });

  it('refuses what is no image, and more than the unclaimed cap', async () => {
    const buyer = await buyerOf(t, owner.renterId);
    expect((await upload(buyer, Buffer.from('not an image'))).code).not.toBe(0);
    const answers = [];
    for (let i = 0; i < MEMBER_UNCLAIMED_CAP; i++) answers.push((await upload(buyer)).code);
    expect(answers.every((c) => c === 0)).toBe(true);
    expect((await upload(buyer)).msg).toBe(`最多上传${MEMBER_UNCLAIMED_CAP}张图片，请先提交售后申请`);
    const stored = await t.db.select().from(files).where(eq(files.ownerId, buyer.id));
    expect(stored.length).toBe(MEMBER_UNCLAIMED_CAP);
    expect(stored.every((f) => f.ownerType === 'member' && f.scope === 'after-sale' && f.renterId === owner.renterId)).toBe(true);
  });

  it('needs a logged-in member', async () => {
    const { payload, headers } = multipart([{ name: 'file', filename: 'a.png', type: 'image/png', data: makePng() }]);
    const res = await t.app.inject({ method: 'POST', url: `${H}UpLoad`, payload, headers: { ...headers, [SHOP_HEADER]: me.shop } });
    expect(res.json().code).not.toBe(0);
    expect((await t.db.select().from(files).where(eq(files.scope, 'after-sale'))).every((f) => f.ownerType === 'member')).toBe(true);
  });
});
