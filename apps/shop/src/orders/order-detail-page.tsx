import { useCallback, useEffect, useState } from 'react';
import { DELIVERY_METHOD } from '@contract/orders/goods-order-states';
import { Link } from '../router';
import { yuan } from '../ui';
import { type Member, MemberOnly } from './member-gate';
import { goPay } from './my-orders-page';
import { actionsOf, afterSaleApplyPath, afterSalePath, codeGroups, countdownText, daysText, ordersPath, payEndOf } from './order-rules';
import { ConfirmDialog, Figures, GoodsLine, NotLoaded, PageHead, StepList, useAction, useLoaded } from './order-ui';
import type { PickupPoint } from './orders-api';

/** Unpaid: asked again this often (back from paying, the payment notice may land a moment later). */
const POLL_MS = 3000;

/** 订单详情: state, what to do next, where it goes, what was bought, the figures, parcels and the timeline. */
export function OrderDetailPage({ m, orderId }: { m: Member; orderId: string }) {
  return (
    <MemberOnly m={m} hint="登录后查看订单">
      <Detail key={orderId} m={m} orderId={orderId} />
    </MemberOnly>
  );
}

function Detail({ m, orderId }: { m: Member; orderId: string }) {
  const [point, setPoint] = useState<PickupPoint | null>(null);
  const [asking, setAsking] = useState<'cancel' | 'confirm' | null>(null);
  const [now, setNow] = useState(Date.now());
  const { orders, shopId } = m;

  // The pay deadline goes onto the phone's clock as the answer arrives (payEndOf).
  const read = useCallback(
    () => orders.detail(orderId).then((d) => ({ ...d, payEnd: payEndOf(d.payLeftSeconds, Date.now()) })),
    [orders, orderId],
  );
  const { data: o, failed, load } = useLoaded(read);
  const { busy, act } = useAction(load);
  /** 取消订单 / 确认收货, asked first; the dialog closes either way and the order is shown as it now is. */
  const step = (what: () => Promise<unknown>, done: string) => void act(what, done).then(() => setAsking(null));

  const unpaid = o?.status === 0;
  // The countdown ticks each second; the state is asked again every few seconds while unpaid.
  useEffect(() => {
    if (!unpaid) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    const poll = setInterval(() => void load(), POLL_MS);
    return () => {
      clearInterval(tick);
      clearInterval(poll);
    };
  }, [unpaid, load]);

  const pointId = o?.pickupPointId;
  useEffect(() => {
    if (!pointId) return;
    orders.pickupPoints().then(
      (r) => setPoint(r.rows.find((p) => p.id === pointId) ?? null),
      () => undefined,
    );
  }, [pointId, orders]);

  if (!o) return <NotLoaded failed={failed} title="订单详情" back={ordersPath(shopId)} backText="查看我的订单" />;

  const can = actionsOf(o);
  const left = unpaid ? countdownText(o.payEnd, now) : '';
  const pickup = o.deliveryMethod === DELIVERY_METHOD.pickup;
  return (
    <main className="s-page s-detail">
      <PageHead title="订单详情" back={ordersPath(shopId)} />
      <section className={`s-state s-state-${o.status}`} aria-label="订单状态">
        <p className="s-state-title">
          {o.statusText}
          {o.afterSale ? ' · 售后中' : ''}
        </p>
        {unpaid ? <p>{left ? `请在 ${left} 内付款，超时订单将自动取消` : '订单即将自动取消'}</p> : null}
        {o.status === 1 ? <p>{pickup ? '商家备货中，请凭提货码到店取货' : '商家正在备货，请耐心等待'}</p> : null}
        {o.status === 2 ? <p>商品已发出，收到后请确认收货</p> : null}
        {o.status === 4 && o.closeReason ? <p>关闭原因：{o.closeReason}</p> : null}
      </section>
      {pickup && o.pickupCode ? (
        <section className="s-box s-pickup" aria-label="提货码">
          <p className="muted small">提货码</p>
          <p className="s-pickup-code">{codeGroups(o.pickupCode)}</p>
          <p className="muted small">到店后向店员出示提货码</p>
        </section>
      ) : null}
      {pickup ? (
        <section className="s-box" aria-label="自提点">
          <h2 className="s-section">到店自提</h2>
          {point ? (
            <p className="small">
              <b>{point.name}</b> {point.phone}
              <br />
              <span className="muted">
                {point.areaText} {point.address}
                <br />
                {daysText(point.days)} {point.hours.map((h) => `${h.start}-${h.end}`).join('、')}
              </span>
            </p>
          ) : (
            <p className="muted small">{o.pickupPointId ? '自提点已停用，请联系商家' : '到店取货'}</p>
          )}
        </section>
      ) : o.address ? (
        <section className="s-box" aria-label="收货地址">
          <p>
            <b>{o.address.name}</b> {o.address.phone}
          </p>
          <p className="muted small">
            {o.address.areaText} {o.address.address}
          </p>
        </section>
      ) : null}
      {o.parcels.length > 0 ? (
        <section className="s-box" aria-label="包裹">
          <h2 className="s-section">物流信息</h2>
          {o.parcels
            .map((p, i) => ({ p, i, key: `${i}:${p.trackingNo}` }))
            .map(({ p, i, key }) => (
              <p key={key} className="s-parcel small">
                包裹{i + 1}：{p.companyName} {p.trackingNo}
                <span className="muted">
                  {' '}
                  · {p.items.reduce((n, x) => n + x.qty, 0)}件 · {p.shipTime.slice(0, 16)}
                </span>
              </p>
            ))}
        </section>
      ) : null}
      <section className="s-box">
        {o.lines.map((l) => (
          <GoodsLine key={l.id} line={l} />
        ))}
      </section>
      <Figures
        rows={[
          ['商品金额', yuan(o.goods)],
          ['优惠', o.discount > 0 ? `-${yuan(o.discount)}` : yuan(0)],
          ['运费', yuan(o.freight)],
          [unpaid ? '应付款' : '实付款', yuan(unpaid || o.status === 4 ? o.total : o.paid), true],
          ...(o.refunded > 0 ? [['已退款', yuan(o.refunded)] as [string, string]] : []),
        ]}
      />
      <section className="s-box s-info" aria-label="订单信息">
        <p>
          <span>订单编号</span>
          {o.orderNo}
        </p>
        <p>
          <span>配送方式</span>
          {o.deliveryText}
        </p>
        <p>
          <span>下单时间</span>
          {o.createTime}
        </p>
        {o.payTime ? (
          <p>
            <span>付款时间</span>
            {o.payTime}
          </p>
        ) : null}
        {o.shipTime ? (
          <p>
            <span>发货时间</span>
            {o.shipTime}
          </p>
        ) : null}
        {o.completeTime ? (
          <p>
            <span>完成时间</span>
            {o.completeTime}
          </p>
        ) : null}
        {o.closeTime ? (
          <p>
            <span>关闭时间</span>
            {o.closeTime}
          </p>
        ) : null}
        {o.buyerNote ? (
          <p>
            <span>买家留言</span>
            {o.buyerNote}
          </p>
        ) : null}
      </section>
      {o.afterSales.length > 0 ? (
        <section className="s-box" aria-label="售后记录">
          <h2 className="s-section">售后记录</h2>
          {o.afterSales.map((a) => (
            <Link key={a.id} to={afterSalePath(shopId, a.id)} className="s-as-row small">
              <span>
                {a.typeText} · {a.afterSaleNo}
              </span>
              <span className="s-status">{a.statusText} ›</span>
            </Link>
          ))}
        </section>
      ) : null}
      <StepList title="订单进度" steps={o.timeline} />
      {can.cancel || can.pay || can.confirm || can.afterSale ? (
        <div className="s-buybar s-detail-bar">
          {can.afterSale ? (
            <Link to={afterSaleApplyPath(shopId, o.id)} className="s-btn-small">
              申请售后
            </Link>
          ) : null}
          {can.cancel ? (
            <button type="button" className="s-btn-small" onClick={() => setAsking('cancel')}>
              取消订单
            </button>
          ) : null}
          {can.confirm ? (
            <button type="button" className="s-btn-small red" onClick={() => setAsking('confirm')}>
              确认收货
            </button>
          ) : null}
          {can.pay ? (
            <button type="button" className="s-btn-small red" onClick={() => void goPay(m, o.id)}>
              去支付
            </button>
          ) : null}
        </div>
      ) : null}
      {asking === 'cancel' ? (
        <ConfirmDialog
          title="确定取消该订单吗？"
          text="取消后订单将关闭，如需购买请重新下单"
          okText="取消订单"
          busy={busy}
          onOk={() => step(() => orders.cancel(o.id), '订单已取消')}
          onCancel={() => setAsking(null)}
        />
      ) : null}
      {asking === 'confirm' ? (
        <ConfirmDialog
          title="确认已收到商品吗？"
          text="确认收货后订单完成"
          okText="确认收货"
          busy={busy}
          onOk={() => step(() => orders.confirm(o.id), '已确认收货')}
          onCancel={() => setAsking(null)}
        />
      ) : null}
    </main>
  );
}
