import { describe, expect, it } from 'vitest';
import { stepsOf } from './detail-steps';
import { exportRequest, goodsOrderRequest, INITIAL_FILTERS, tabCountText, tabLabel } from './goods-order-filter';
import { firstParcel, nextParcel, parcelProblems, parcelsBody, type ShipLine, shipsEverything } from './parcel-rules';

describe('filters ↔ request', () => {
  it('an untouched list asks for every order and nothing else', () => {
    expect(goodsOrderRequest('', INITIAL_FILTERS)).toEqual({ tab: -1 });
  });
  it('sends the tab, the trimmed keyword, a whole time range with its type, delivery and payment', () => {
    const body = goodsOrderRequest('  保温杯 ', {
      ...INITIAL_FILTERS,
      tab: 1,
      timeType: 'pay',
      stime: '2026-11-01 00:00:00',
      endtime: '2026-11-26 23:59:59',
      timename: '本月',
      deliveryMethod: 3,
      payMethod: 'sandbox',
    });
    expect(body).toEqual({
      tab: 1,
      keyword: '保温杯',
      timeType: 'pay',
      stime: '2026-11-01 00:00:00',
      endtime: '2026-11-26 23:59:59',
      deliveryMethod: 3,
      payMethod: 'sandbox',
    });
  });
  it('drops a half range and values the server would refuse (an address edited by hand)', () => {
    const body = goodsOrderRequest('', { ...INITIAL_FILTERS, tab: 9, stime: '2026-11-01 00:00:00', deliveryMethod: 7, payMethod: 'cash' });
    expect(body).toEqual({ tab: -1 });
  });
  it('the export sends the keyword as the field the list reads it as', () => {
    expect(exportRequest({ tab: 1, keyword: 'g202611261000000001' })).toEqual({ tab: 1, orderNo: 'G202611261000000001' });
    expect(exportRequest({ tab: -1, keyword: '13912345678' })).toEqual({ tab: -1, memberPhone: '13912345678' });
    expect(exportRequest({ tab: 2, keyword: '保温杯', deliveryMethod: 1 })).toEqual({ tab: 2, goodsTitle: '保温杯', deliveryMethod: 1 });
    expect(exportRequest({ tab: -1 })).toEqual({ tab: -1 });
  });
});

describe('tab counts', () => {
  it('shows the exact count up to the bound and 9999+ past it', () => {
    expect(tabCountText(0, false)).toBe('0');
    expect(tabCountText(9999, false)).toBe('9999');
    expect(tabCountText(10000, true)).toBe('9999+');
    expect(tabLabel('待发货', { count: 12, capped: false })).toBe('待发货 (12)');
    expect(tabLabel('全部', { count: 10000, capped: true })).toBe('全部 (9999+)');
    expect(tabLabel('已关闭')).toBe('已关闭');
  });
});

describe('multi-parcel quantities', () => {
  const lines: ShipLine[] = [
    { id: 'a', title: '保温杯', skuText: '白色', toShipQty: 3 },
    { id: 'b', title: '杯刷', skuText: '', toShipQty: 1 },
  ];
  it('the first parcel holds everything still to ship and ships the order', () => {
    const p = [{ companyCode: 'SF', trackingNo: ' SF1 ', ...firstParcel(lines) }];
    expect(parcelProblems(lines, p)).toEqual([]);
    expect(shipsEverything(lines, p)).toBe(true);
    expect(parcelsBody(lines, p)).toEqual([
      {
        companyCode: 'SF',
        trackingNo: 'SF1',
        items: [
          { lineId: 'a', qty: 3 },
          { lineId: 'b', qty: 1 },
        ],
      },
    ]);
  });
  it('split parcels: the next parcel takes what is left; fewer units keep the order 待发货', () => {
    const first = { qty: { a: 2, b: 0 } };
    expect(nextParcel(lines, [first])).toEqual({ qty: { a: 1, b: 1 } });
    expect(shipsEverything(lines, [first])).toBe(false);
    expect(parcelsBody(lines, [first])[0].items).toEqual([{ lineId: 'a', qty: 2 }]);
    expect(shipsEverything(lines, [first, nextParcel(lines, [first])])).toBe(true);
  });
  it('refuses more units than left, an empty parcel and broken quantities', () => {
    expect(parcelProblems(lines, [{ qty: { a: 2 } }, { qty: { a: 2 } }])).toEqual(['「保温杯」最多还能发3件']);
    expect(parcelProblems(lines, [{ qty: { a: 3, b: 1 } }, { qty: {} }])).toEqual(['包裹2没有选择商品']);
    expect(parcelProblems(lines, [{ qty: { a: 1.5 } }])).toEqual(['包裹1的发货数量须为非负整数']);
    expect(parcelProblems(lines, [])).toEqual(['请填写包裹']);
  });
});

describe('detail steps', () => {
  const times = { createTime: 't0', payTime: '', shippedTime: '', completedTime: '', closedTime: '' };
  it('walks 下单 → 付款 → 发货 → 完成', () => {
    expect(stepsOf({ ...times, status: 0 }).current).toBe(1);
    expect(stepsOf({ ...times, status: 1, payTime: 't1' }).current).toBe(2);
    expect(stepsOf({ ...times, status: 3 }).status).toBe('finish');
  });
  it('a closed order stops where it was, in red', () => {
    const unpaid = stepsOf({ ...times, status: 4, closedTime: 't9' });
    expect(unpaid).toMatchObject({ current: 1, status: 'error' });
    expect(unpaid.items[1]).toEqual({ title: '已关闭', description: 't9' });
    expect(stepsOf({ ...times, status: 4, payTime: 't1', closedTime: 't9' }).current).toBe(2);
  });
});
