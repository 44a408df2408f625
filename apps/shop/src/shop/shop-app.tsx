import { lazy, Suspense, useMemo } from 'react';
import { MemberPage } from '../member/member-page';
import { GoodsWithBuying } from '../orders/goods-buying';
import { type OrderRoute, orderRouteOf } from '../orders/order-rules';
import { useAddress } from '../router';
import { CategoryPage } from './category-page';
import { HomePage, SearchPage } from './home-page';
import { shopApi } from './shop-api';
import { Empty, ShopFrame, Skeleton } from './shop-frame';
import './shop.css';

const OrderPages = lazy(() => import('../orders/order-pages').then((m) => ({ default: m.OrderPages })));

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const SHOP_RE = new RegExp(`^/h5/shop/(${UUID})(?:/(category|search|member|goods/(${UUID})))?/?$`, 'i');

export type ShopRoute =
  | { page: 'home' | 'category' | 'search' | 'member'; shopId: string; goodsId?: undefined }
  | { page: 'goods'; shopId: string; goodsId: string }
  | OrderRoute;

/** The shop's page of a path: /h5/shop/<shopId>[/category | /search | /member | /goods/<goodsId> | the order pages]; null for any other. */
export function shopRouteOf(pathname: string): ShopRoute | null {
  const o = orderRouteOf(pathname);
  if (o) return o;
  const m = SHOP_RE.exec(pathname);
  if (!m) return null;
  const [, shopId, part, goodsId] = m;
  if (goodsId) return { page: 'goods', shopId, goodsId };
  return { page: (part as 'category' | 'search' | 'member' | undefined) ?? 'home', shopId };
}

/** The H5 shop of one shop: its pages in the shop frame, the tab bar on the tab pages. */
export function ShopApp({ shopId }: { shopId: string }) {
  const { pathname, query } = useAddress();
  const api = useMemo(() => shopApi(shopId), [shopId]);
  const route = shopRouteOf(pathname);
  if (!route || route.shopId !== shopId) {
    return (
      <ShopFrame shopId={shopId} tab="home">
        <Empty title="页面不存在" />
      </ShopFrame>
    );
  }
  switch (route.page) {
    case 'home':
      return (
        <ShopFrame shopId={shopId} tab="home">
          <HomePage api={api} shopId={shopId} />
        </ShopFrame>
      );
    case 'category':
      return (
        <ShopFrame shopId={shopId} tab="category">
          <CategoryPage api={api} shopId={shopId} chosen={query.get('c')} />
        </ShopFrame>
      );
    case 'search':
      return (
        <ShopFrame shopId={shopId}>
          <SearchPage api={api} shopId={shopId} q={(query.get('q') ?? '').trim()} />
        </ShopFrame>
      );
    case 'member':
      return (
        <ShopFrame shopId={shopId} tab="member">
          <MemberPage shopId={shopId} />
        </ShopFrame>
      );
    case 'goods':
      return (
        <ShopFrame shopId={shopId}>
          <GoodsWithBuying key={route.goodsId} api={api} shopId={shopId} goodsId={route.goodsId} />
        </ShopFrame>
      );
    default:
      // cart, checkout, addresses, orders, order/<id>: the order pages' chunk.
      return (
        <ShopFrame shopId={shopId} tab={route.page === 'cart' ? 'cart' : undefined}>
          <Suspense fallback={<Skeleton rows={4} />}>
            <OrderPages route={route} query={query} />
          </Suspense>
        </ShopFrame>
      );
  }
}
