import { useEffect, useMemo, useState } from 'react';
import { DELIVERY_METHOD } from '@contract/orders/goods-order-states';
import { errMsg } from '../api';
import { Link, navigate } from '../router';
import { Empty, Skeleton } from '../shop/shop-frame';
import { toast, withReturn, yuan } from '../ui';
import { AddressBook } from './address-page';
import { type Member, MemberOnly, refreshCartCount } from './member-gate';
import { type Buying, buyingOf, daysText, newRequestKey, orderPath } from './order-rules';
import { Figures, GoodsLine, PageHead } from './order-ui';
import type { PickupPoint, Preview } from './orders-api';

/** 确认订单: what is bought (?cart= or ?sku=&qty=), the address or pick-up point, the figures; 提交订单 → the payment. */
export function CheckoutPage({ m, query }: { m: Member; query: URLSearchParams }) {
  const q = query.toString();
  const buying = useMemo(() => buyingOf(new URLSearchParams(q)), [q]);
  if (!buying) {
    return (
      <Empty title="没有要结算的商品">
        <Link to={`/h5/shop/${m.shopId}/cart`} className="s-btn-line">
          去购物车
        </Link>
      </Empty>
    );
  }
  return (
    <MemberOnly m={m} hint="登录后下单">
      <Checkout m={m} buying={buying} />
    </MemberOnly>
  );
}

function Checkout({ m, buying }: { m: Member; buying: Buying }) {
  const { orders, shopId } = m;
  // One key per visit of the page: a double tap, or a retry after a lost answer, places one order.
  const [requestKey] = useState(newRequestKey);
  const [method, setMethod] = useState<number | undefined>();
  const [addressId, setAddressId] = useState<string | undefined>();
  const [pointId, setPointId] = useState<string | undefined>();
  const [points, setPoints] = useState<PickupPoint[] | null>(null);
  const [note, setNote] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState('');
  const [loading, setLoading] = useState(true);
  const [choosing, setChoosing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // Asked again on every change: the server's figures are the only ones shown.
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry button's way to ask again
  useEffect(() => {
    let live = true;
    setLoading(true);
    orders
      .preview({ ...buying, deliveryMethod: method as 1 | 2 | 3 | undefined, addressId, pickupPointId: pointId })
      .then((p) => {
        if (!live) return;
        setPreview(p);
        setProblem('');
      })
      .catch((e) => live && setProblem(errMsg(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [orders, buying, method, addressId, pointId, attempt]);

  const chosenMethod = method ?? preview?.deliveryMethod;
  const pickup = chosenMethod === DELIVERY_METHOD.pickup;
  useEffect(() => {
    if (!pickup || points) return;
    orders.pickupPoints().then(
      (r) => {
        setPoints(r.rows);
        if (r.rows.length > 0) setPointId((p) => p ?? r.rows[0].id);
      },
      (e) => toast(errMsg(e)),
    );
  }, [pickup, points, orders]);

  if (choosing) {
    return (
      <AddressBook
        m={m}
        back=""
        picked={addressId ?? preview?.address?.id}
        onPick={(id) => {
          if (id) setAddressId(id);
          setChoosing(false);
          // An address edited or deleted in the book: priced again.
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  if (!preview) {
    return problem ? (
      <main className="s-page">
        <PageHead title="确认订单" back={`/h5/shop/${shopId}/cart`} />
        <Empty title={problem}>
          <button type="button" className="s-btn-line" onClick={() => setAttempt((n) => n + 1)}>
            重新加载
          </button>
        </Empty>
      </main>
    ) : (
      <Skeleton rows={5} />
    );
  }

  const submit = async () => {
    if (!chosenMethod) return;
    if (!pickup && !preview.address) {
      toast('请选择收货地址');
      return;
    }
    setSubmitting(true);
    try {
      const r = await orders.submit({
        ...buying,
        deliveryMethod: chosenMethod as 1 | 2 | 3,
        addressId: pickup ? undefined : preview.address?.id,
        pickupPointId: pickup ? pointId : undefined,
        buyerNote: note.trim(),
        requestKey,
      });
      refreshCartCount(m);
      const detail = orderPath(shopId, r.orderId);
      // The checkout leaves the history: back from the payment (or the order) is the order, not a spent checkout.
      if (r.qr_code) {
        history.replaceState(null, '', detail);
        location.assign(withReturn(r.qr_code, detail));
      } else navigate(detail, { replace: true });
    } catch (e) {
      toast(errMsg(e));
      setSubmitting(false);
    }
  };

  const a = preview.address;
  return (
    <main className="s-page s-checkout">
      <PageHead title="确认订单" back={`/h5/shop/${shopId}/cart`} />
      {preview.methods.length > 1 ? (
        <section className="s-box">
          <div className="s-chips" role="radiogroup" aria-label="配送方式">
            {preview.methods.map((d) => (
              <button
                key={d.value}
                type="button"
                role="radio"
                aria-checked={chosenMethod === d.value}
                className={`s-chip${chosenMethod === d.value ? ' on' : ''}`}
                onClick={() => setMethod(d.value)}
              >
                {d.label}
              </button>
            ))}
          </div>
        </section>
      ) : null}
      {pickup ? (
        <section className="s-box" aria-label="自提点">
          <h2 className="s-section">自提点</h2>
          {!points ? (
            <p className="muted small">加载中…</p>
          ) : points.length === 0 ? (
            <p className="muted small">到店自提，付款后凭提货码到店取货</p>
          ) : (
            points.map((p) => (
              <label key={p.id} className={`s-point${pointId === p.id ? ' on' : ''}`}>
                <input type="radio" name="point" checked={pointId === p.id} onChange={() => setPointId(p.id)} />
                <span>
                  <b>{p.name}</b>
                  <br />
                  <span className="muted small">
                    {p.areaText} {p.address}
                  </span>
                  <br />
                  <span className="muted small">
                    {daysText(p.days)} {p.hours.map((h) => `${h.start}-${h.end}`).join('、')} · {p.phone}
                  </span>
                </span>
              </label>
            ))
          )}
        </section>
      ) : (
        <button type="button" className="s-box s-addr-pick" onClick={() => setChoosing(true)} aria-label="收货地址">
          {a ? (
            <span>
              <b>{a.name}</b> {a.phone}
              <br />
              <span className="muted small">
                {a.areaText} {a.address}
              </span>
            </span>
          ) : (
            <span className="s-addr-none">+ 添加收货地址</span>
          )}
          <span aria-hidden="true">›</span>
        </button>
      )}
      <section className="s-box">
        {preview.lines.map((l) => (
          <GoodsLine key={l.skuId} line={l} />
        ))}
        <label className="s-note">
          <span>买家留言</span>
          <input className="input" maxLength={200} placeholder="选填，200字以内" value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
      </section>
      <Figures
        rows={[
          ['商品金额', yuan(preview.goods)],
          ['优惠', preview.discount > 0 ? `-${yuan(preview.discount)}` : yuan(0)],
          ['运费', preview.freight > 0 ? yuan(preview.freight) : pickup ? '无需运费' : '包邮'],
        ]}
      />
      {problem ? (
        <p className="s-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="s-buybar">
        <span className="s-cart-total">
          应付 <b className="s-price">{yuan(preview.total)}</b>
        </span>
        <button type="button" className="s-btn-buy s-cart-go" disabled={submitting || loading || !!problem} onClick={() => void submit()}>
          {submitting ? '提交中…' : '提交订单'}
        </button>
      </div>
    </main>
  );
}
