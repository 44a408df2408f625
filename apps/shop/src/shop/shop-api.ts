// The H5 shop's calls (contract goods/h5-goods.endpoints.ts): the shop in the `shop-id` header, paths from the
// contract's routes, only types from the contract (no zod in this bundle).
import type { DataOf, InputOf } from '@contract/core/endpoint';
import type { h5GoodsEndpoints } from '@contract/goods/h5-goods.endpoints';
import { pathOf, postJson } from '../api';

type G = typeof h5GoodsEndpoints;
export type ShopHome = DataOf<G['Home']>;
export type GoodsTypeNode = DataOf<G['Types']>[number];
export type GoodsPage = DataOf<G['List']>;
export type GoodsRow = GoodsPage['rows'][number];
export type GoodsDetail = DataOf<G['Detail']>;
export type GoodsQuery = InputOf<G['List']>;

const PATH = {
  home: pathOf('h5Goods', 'Home'),
  types: pathOf('h5Goods', 'Types'),
  list: pathOf('h5Goods', 'List'),
  detail: pathOf('h5Goods', 'Detail'),
};

/** Answers kept for the visit (home and categories change rarely): switching tabs does not ask again. */
const kept = new Map<string, Promise<unknown>>();
function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  let p = kept.get(key) as Promise<T> | undefined;
  if (!p) {
    p = load();
    kept.set(key, p);
    p.catch(() => kept.delete(key));
  }
  return p;
}

export function shopApi(shopId: string) {
  const headers = { 'shop-id': shopId };
  return {
    home: () => once(`home:${shopId}`, () => postJson<ShopHome>(PATH.home, {}, headers)),
    types: () => once(`types:${shopId}`, () => postJson<GoodsTypeNode[]>(PATH.types, {}, headers)),
    list: (q: GoodsQuery) => postJson<GoodsPage>(PATH.list, q, headers),
    detail: (id: string) => postJson<GoodsDetail>(PATH.detail, { id }, headers),
  };
}
export type ShopApi = ReturnType<typeof shopApi>;
