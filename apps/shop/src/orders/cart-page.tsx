import { useCallback, useEffect, useState } from 'react';
import { errMsg } from '../api';
import { Link, navigate } from '../router';
import { Empty, Skeleton } from '../shop/shop-frame';
import { Stepper } from '../shop/stepper';
import { toast } from '../ui';
import { type Member, MemberOnly, setCartCount } from './member-gate';
import { cartSums, checkoutPath, lineCap } from './order-rules';
import { ConfirmDialog, GoodsLine, useAction } from './order-ui';
import type { CartLine } from './orders-api';
import { useQtySaves } from './use-qty-saves';

/** 购物车: lines with the goods as they are now, invalid ones marked, quantities, selection, 结算. */
export function CartPage({ m }: { m: Member }) {
  return (
    <MemberOnly m={m} hint="登录后查看购物车">
      <Cart m={m} />
    </MemberOnly>
  );
}

function Cart({ m }: { m: Member }) {
  const [lines, setLines] = useState<CartLine[] | null>(null);
  const [failed, setFailed] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [asking, setAsking] = useState<string[] | null>(null);
  const [going, setGoing] = useState(false);
  const { orders, shopId } = m;

  const load = useCallback(
    async (first = false) => {
      try {
        const r = await orders.cart();
        setLines(r.rows);
        setCartCount(shopId, r.count.lines);
        setFailed('');
        // At first every buyable line is chosen; later the choice stays, less the lines gone or invalid.
        setChosen((c) => new Set(r.rows.filter((l) => !l.invalid && (first || c.has(l.id))).map((l) => l.id)));
      } catch (e) {
        setFailed(errMsg(e));
      }
    },
    [orders, shopId],
  );
  useEffect(() => {
    void load(true);
  }, [load]);
  const { busy, act } = useAction(load);
  const saves = useQtySaves(
    useCallback(
      (lineId: string, qty: number) =>
        orders.cartSetQty(lineId, qty).then(
          (r) => {
            setLines((ls) => ls?.map((x) => (x.id === lineId ? { ...x, qty: r.qty } : x)) ?? ls);
            return true;
          },
          (e) => {
            toast(errMsg(e));
            void load();
            return false;
          },
        ),
      [orders, load],
    ),
  );

  if (!lines) {
    return failed ? (
      <Empty title={failed}>
        <button type="button" className="s-btn-line" onClick={() => void load(true)}>
          重新加载
        </button>
      </Empty>
    ) : (
      <Skeleton rows={4} />
    );
  }

  /** The quantity shown at once; the server told after a pause (a run of taps is one call); its cap decides. */
  const setQty = (l: CartLine, qty: number) => {
    const q = Math.min(Math.max(1, qty), lineCap(l));
    setLines((ls) => ls?.map((x) => (x.id === l.id ? { ...x, qty: q } : x)) ?? ls);
    saves.later(l.id, q);
  };

  /** 结算: the quantities still on their way are told first, so the order has what the page shows. */
  const checkout = async (ids: string[]) => {
    setGoing(true);
    const told = await saves.flush();
    setGoing(false);
    if (told) navigate(checkoutPath(shopId, { cartIds: ids }));
  };

  const remove = (ids: string[]) =>
    act(async () => setCartCount(shopId, (await orders.cartRemove(ids)).lines), '删除成功').then(() => setAsking(null));

  const sums = cartSums(lines, chosen);
  const buyable = lines.filter((l) => !l.invalid);
  const invalid = lines.filter((l) => l.invalid);
  const all = buyable.length > 0 && buyable.every((l) => chosen.has(l.id));
  const flip = (id: string) =>
    setChosen((c) => {
      const n = new Set(c);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  if (lines.length === 0) {
    return (
      <main className="s-page">
        <h1 className="s-title">购物车</h1>
        <Empty title="购物车还是空的">
          <Link to={`/h5/shop/${shopId}`} className="s-btn-line">
            去逛逛
          </Link>
        </Empty>
      </main>
    );
  }

  return (
    <main className="s-page s-cart">
      <div className="s-title-row">
        <h1 className="s-title">购物车</h1>
        {sums.ids.length > 0 ? (
          <button type="button" className="s-link" onClick={() => setAsking(sums.ids)}>
            删除所选
          </button>
        ) : null}
      </div>
      <section className="s-box">
        {buyable.map((l) => (
          <div key={l.id} className="s-cart-line">
            <input
              type="checkbox"
              className="s-check"
              aria-label={`选择 ${l.title}`}
              checked={chosen.has(l.id)}
              onChange={() => flip(l.id)}
            />
            <GoodsLine
              line={l}
              extra={<Stepper value={l.qty} max={lineCap(l)} onChange={(q) => setQty(l, q)} label={`${l.title} 数量`} />}
            />
          </div>
        ))}
      </section>
      {invalid.length > 0 ? (
        <section className="s-box s-cart-invalid" aria-label="失效商品">
          <div className="s-title-row">
            <h2 className="s-section">失效商品 {invalid.length} 件</h2>
            <button type="button" className="s-link" onClick={() => setAsking(invalid.map((l) => l.id))}>
              清空失效商品
            </button>
          </div>
          {invalid.map((l) => (
            <div key={l.id} className="s-cart-line">
              <span className="s-invalid-tag">{l.invalid}</span>
              <GoodsLine line={l} />
            </div>
          ))}
        </section>
      ) : null}
      <div className="s-buybar s-cart-bar">
        <label className="s-all">
          <input
            type="checkbox"
            className="s-check"
            checked={all}
            onChange={() => setChosen(all ? new Set() : new Set(buyable.map((l) => l.id)))}
          />
          全选
        </label>
        <span className="s-cart-total">
          合计 <b className="s-price">¥{sums.totalText}</b>
        </span>
        <button
          type="button"
          className="s-btn-buy s-cart-go"
          disabled={sums.ids.length === 0 || going}
          onClick={() => void checkout(sums.ids)}
        >
          结算{sums.units > 0 ? `(${sums.units})` : ''}
        </button>
      </div>
      {asking ? (
        <ConfirmDialog
          title={`确定删除这${asking.length}种商品吗？`}
          okText="删除"
          busy={busy}
          onOk={() => void remove(asking)}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </main>
  );
}
