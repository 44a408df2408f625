import { useState } from 'react';
import { errMsg } from '../api';
import { navigate } from '../router';
import { GoodsPage } from '../shop/goods-page';
import type { ShopApi } from '../shop/shop-api';
import { toast } from '../ui';
import { LoginSheet, setCartCount, useMember } from './member-gate';
import { checkoutPath } from './order-rules';

type Pending = { kind: 'buy' | 'cart'; skuId: string; qty: number };

/** The goods page with its buy buttons working: 加入购物车 (the server's message), 立即购买 → checkout; login first. */
export function GoodsWithBuying({ api, shopId, goodsId }: { api: ShopApi; shopId: string; goodsId: string }) {
  const m = useMember(shopId);
  const [pending, setPending] = useState<Pending | null>(null);

  const run = async ({ kind, skuId, qty }: Pending) => {
    if (kind === 'buy') {
      navigate(checkoutPath(shopId, { skuId, qty }));
      return;
    }
    try {
      const r = await m.orders.cartAdd(skuId, qty);
      setCartCount(shopId, r.data.count.lines);
      toast(r.msg || '已加入购物车');
    } catch (e) {
      toast(errMsg(e));
    }
  };
  const ask = (kind: Pending['kind']) => (skuId: string, qty: number) => {
    if (m.loggedIn) void run({ kind, skuId, qty });
    else setPending({ kind, skuId, qty });
  };

  return (
    <>
      <GoodsPage api={api} shopId={shopId} goodsId={goodsId} onBuy={ask('buy')} onAddToCart={ask('cart')} />
      {pending ? (
        <LoginSheet
          m={m}
          hint={pending.kind === 'buy' ? '登录后即可下单' : '登录后加入购物车'}
          onIn={() => {
            setPending(null);
            void run(pending);
          }}
          onClose={() => setPending(null)}
        />
      ) : null}
    </>
  );
}
