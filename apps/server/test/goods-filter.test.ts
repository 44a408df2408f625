import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fmtTime } from '@/core/time';
import { type AnyData, makeApp, type Person, type TestApp } from './helper';

/**
 * One goods filter (modules/goods/goods/goods.filter.ts) behind every goods list: a keyword finds the same goods on
 * Goods/list, its export, the goods cards (/Glist), the pickers and the goods of an activity. Before it, the activity's
 * goods kept their own copy of the keyword, which missed the SKU barcode every other list matched.
 */

let t: TestApp;
let owner: Person;
const G = '/Goods/Goods/';

beforeAll(async () => {
  t = await makeApp();
  owner = await t.registerOwner('筛选店');
});
afterAll(() => t.close());

async function goods(title: string, barcode: string): Promise<{ id: string; skuId: string }> {
  const { id } = await t.ok(`${G}save`, { title, status: 1, skus: [{ specValues: {}, price: 8, stock: 3, barcode }] }, owner.token);
  return { id, skuId: (await t.ok(`${G}detail`, { id }, owner.token)).skus[0].skuId };
}

/** The ids each goods list answers for this keyword. */
async function everyList(activityId: string, keyword: string) {
  const ids = (rows: AnyData[], key = 'id') => rows.map((r) => r[key]).sort();
  const exported = await t.app.inject({ method: 'POST', url: `${G}ExportGoods`, headers: { token: owner.token }, payload: { keyword } });
  return {
    list: ids((await t.ok(`${G}list`, { keyword }, owner.token)).rows),
    exportCount: Number(exported.headers['x-total-count']),
    cards: ids((await t.ok(`${G}GoodsPagelist`, { keyword }, owner.token)).rows),
    picker: ids((await t.ok(`${G}GetAvailableGoods`, { keyword }, owner.token)).rows),
    activity: ids((await t.ok('/Goods/GoodsActivity/goodlist', { id: activityId, keyword }, owner.token)).rows, 'goodsId'),
  };
}

describe('one goods filter', () => {
  it('finds a goods by its SKU barcode, title or goods number on every goods list alike', async () => {
    const tea = await goods('Oolong 乌龙茶', '6901234567892');
    const cake = await goods('芝士蛋糕', '6909876543210');
    const inHours = (h: number) => fmtTime(new Date(Date.now() + h * 3_600_000));
    const { id: activityId } = await t.ok(
      '/Goods/GoodsActivity/save',
      {
        name: '两件都在',
        type: 1,
        startTime: inHours(24),
        endTime: inHours(48),
        skus: [tea, cake].map((g) => ({ skuId: g.skuId, price: 5, stock: 1 })),
      },
      owner.token,
    );
    const only = (id: string) => ({ list: [id], exportCount: 1, cards: [id], picker: [id], activity: [id] });
    // The barcode: the keyword the activity's goods missed.
    expect(await everyList(activityId, '6901234567892')).toEqual(only(tea.id));
    // Title in any case, a short (gram-indexed) keyword, and nothing.
    expect(await everyList(activityId, 'oolong')).toEqual(only(tea.id));
    expect(await everyList(activityId, '蛋糕')).toEqual(only(cake.id));
    expect(await everyList(activityId, '没有这个')).toEqual({ list: [], exportCount: 0, cards: [], picker: [], activity: [] });
  });
});
