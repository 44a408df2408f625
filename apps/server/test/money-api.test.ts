// Money through the database and real endpoints (issue 13 part 5): bigint fen columns, 100 million yuan exactly.
import { FORM_PRICE_MAX, GOODS_PRICE_MAX } from '@shop/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formOrders, goodsSkus } from '@/db/schema';
import { answersOf, createForm, makeApp, type Person, payBySandbox, type TestApp } from './helper';

let t: TestApp;
let owner: Person;

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('亿元商店');
});
afterAll(() => t.close());

/** 100,000,000.00 yuan, past int4 (21,474,836.47 yuan) by far. */
const HUNDRED_MILLION_FEN = 10_000_000_000;
const G = '/Goods/Goods/';

describe('money columns', () => {
  it('are bigint, every one of them', async () => {
    const result = await t.db.execute(sql`
      select table_name || '.' || column_name as col, data_type from information_schema.columns
      where table_schema = current_schema() and column_name like '%\_fen' order by 1`);
    const rows = (result as unknown as { rows: { col: string; data_type: string }[] }).rows;
    expect(rows.map((r) => r.col)).toEqual(
      expect.arrayContaining([
        'goods.post_fee_fen',
        'goods.min_price_fen',
        'goods.max_price_fen',
        'goods_skus.price_fen',
        'goods_skus.original_price_fen',
        'goods_skus.cost_fen',
        'goods_activity_skus.price_fen',
        'points_goods.cash_fen',
        'points_goods.market_price_fen',
        'points_goods_exchanges.cash_fen',
        'forms.price_fen',
        'form_orders.amount_fen',
        'pay_orders.amount_fen',
        'pay_orders.refunded_fen',
        'pay_refunds.amount_fen',
        'products.annual_price_fen',
        'products.buyout_price_fen',
        'apps.annual_price_fen',
        'apps.buyout_price_fen',
        'renter_buys.amount_fen',
      ]),
    );
    expect(rows.filter((r) => r.data_type !== 'bigint')).toEqual([]);
  });
});

describe('goods prices', () => {
  it('take the largest price the contract allows, as text or number, and answer it exactly', async () => {
    const max = `${GOODS_PRICE_MAX}.00`;
    const { id } = await t.ok(
      `${G}save`,
      { title: '最贵的商品', skus: [{ price: max, originalPrice: GOODS_PRICE_MAX, cost: '9999998.99', stock: 1 }] },
      owner.token,
    );
    const [row] = await t.db.select().from(goodsSkus).where(eq(goodsSkus.goodsId, id));
    expect(row).toMatchObject({ priceFen: 999_999_900, originalPriceFen: 999_999_900, costFen: 999_999_899 });
    const d = await t.ok(`${G}detail`, { id }, owner.token);
    expect(d).toMatchObject({ minPrice: GOODS_PRICE_MAX, maxPrice: GOODS_PRICE_MAX });
    expect(d.skus[0]).toMatchObject({ price: GOODS_PRICE_MAX, originalPrice: GOODS_PRICE_MAX, cost: 9_999_998.99 });
    const over = await t.call(`${G}save`, { title: '太贵', skus: [{ price: `${GOODS_PRICE_MAX}.01`, stock: 1 }] }, owner.token);
    expect(over.body).toMatchObject({ msg: `价格不能超过${GOODS_PRICE_MAX}` });
    const exponent = await t.call(`${G}save`, { title: '指数', skus: [{ price: '1e3', stock: 1 }] }, owner.token);
    expect(exponent.body).toMatchObject({ msg: '价格须为金额数字，如 12.50' });
  });

  it('hold 100,000,000.01 yuan written at the column and answer it exactly through detail, list and editprice', async () => {
    const { id } = await t.ok(`${G}save`, { title: '一亿元的商品', skus: [{ price: 1, stock: 1 }] }, owner.token);
    // Above what the goods form takes (GOODS_PRICE_MAX), as an ERP or a later order module may write it.
    await t.db
      .update(goodsSkus)
      .set({ priceFen: HUNDRED_MILLION_FEN + 1, costFen: HUNDRED_MILLION_FEN })
      .where(eq(goodsSkus.goodsId, id));
    const [row] = await t.db.select().from(goodsSkus).where(eq(goodsSkus.goodsId, id));
    expect(row.priceFen).toBe(HUNDRED_MILLION_FEN + 1);
    expect(row.costFen).toBe(HUNDRED_MILLION_FEN);
    const d = await t.ok(`${G}detail`, { id }, owner.token);
    expect(d).toMatchObject({ minPrice: 100_000_000.01, maxPrice: 100_000_000.01 });
    expect(d.skus[0]).toMatchObject({ price: 100_000_000.01, cost: 100_000_000 });
    const list = await t.ok(`${G}list`, { page_size: 1, sorter: [{ field: 'price', order: 'desc' }] }, owner.token);
    expect(list.rows[0]).toMatchObject({ id, minPrice: 100_000_000.01, maxPrice: 100_000_000.01 });
    // The filter reaches it too (the goods' min price trigger keeps bigint).
    const found = await t.ok(`${G}list`, { page_size: 10, minPrice: '9999999' }, owner.token);
    expect(found.rows.map((r: { id: string }) => r.id)).toContain(id);
    // And back down through a real write: the price the form takes replaces it exactly.
    await t.ok(`${G}editprice`, { id, skus: [{ skuId: d.skus[0].skuId, price: '0.01' }] }, owner.token);
    expect((await t.ok(`${G}detail`, { id }, owner.token)).skus[0].price).toBe(0.01);
  });
});

describe('form money', () => {
  it('sums paid form orders past int4 on the dashboard, exactly', async () => {
    const shop = await t.registerOwner('亿元表单店');
    // The largest fee a form takes, paid through the real fill page and the sandbox payment.
    const form = await createForm(t, shop.token, { formName: '最贵的课程', needPay: 1, price: `${FORM_PRICE_MAX}.00` });
    const order = await t.ok('/Order/FromOrder/Create', { id: form, visitor: 'visitor-money-1', answers: answersOf('甲') });
    expect(order.total).toBe(FORM_PRICE_MAX);
    await payBySandbox(t, order.qr_code);
    const [paid] = await t.db.select().from(formOrders).where(eq(formOrders.id, order.orderId));
    expect(paid.amountFen).toBe(FORM_PRICE_MAX * 100);
    // Two orders of 100 million yuan each, written at the column (no form takes such a fee).
    const rows = [1, 2].map((i) => ({
      renterId: paid.renterId,
      orderNo: `BIG${i}${Date.now()}`,
      formId: form,
      submissionId: paid.submissionId,
      visitor: `visitor-money-big-${i}`,
      amountFen: HUNDRED_MILLION_FEN,
      status: 1,
      paidAt: new Date(),
    }));
    await t.db.insert(formOrders).values(rows);
    const d = await t.ok('/Index/Home/GetDashboard', {}, shop.token);
    expect(d.paidToday).toBe(200_000_000 + FORM_PRICE_MAX);
    const [big] = await t.db.select().from(formOrders).where(eq(formOrders.orderNo, rows[0].orderNo));
    expect((await t.ok('/Order/FormOrder/detail', { id: big.id }, shop.token)).amount).toBe(100_000_000);
  });
});
