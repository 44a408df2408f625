// The member centre's buying: the payment step of a level or card order (pay link, QR code, waiting for the payment)
// and 我的等级订单 / 我的权益卡订单. The QR code is a lazy chunk, as on the fill page: not on the shop's first screen.
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { DataOf } from '@contract/core/endpoint';
import type { h5MemberOrderEndpoints } from '@contract/orders/member-orders.endpoints';
import { errMsg } from '../api';
import { Result, withReturn, yuan } from '../ui';
import type { MemberApi } from './member-api';

const Qr = lazy(() => import('../qr').then((m) => ({ default: m.Qr })));

type Ends = typeof h5MemberOrderEndpoints;
export type MemberOrder = DataOf<Ends['Get']>;
type OrderList = DataOf<Ends['List']>;

/** The sandbox page sends the payer back to the member centre, on this order. */
export function memberPayLink(qrCode: string, shopId: string, orderId: string): string {
  return withReturn(qrCode, `/h5/shop/${shopId}/member?order=${orderId}`);
}

/** 开通 / 续费 / 购买: the order placed; its payment. */
export async function buy(api: MemberApi, kind: 1 | 2, id: string): Promise<string> {
  const r = await api.call<DataOf<Ends['Buy']>>('/h5/MemberOrder/Buy', { kind, id });
  return r.orderId;
}

/** One order waiting for its payment: pay here or scan; polls every 3 s until paid, cancelled or refunded. */
export function PayPanel({ api, shopId, orderId, onDone }: { api: MemberApi; shopId: string; orderId: string; onDone: () => void }) {
  const [order, setOrder] = useState<MemberOrder | null>(null);
  const [failed, setFailed] = useState('');
  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const o = await api.call<MemberOrder>('/h5/MemberOrder/Get', { id: orderId });
        if (stop) return;
        setOrder(o);
        setFailed('');
        if (o.status === 0) timer = setTimeout(tick, 3000);
      } catch (e) {
        if (stop) return;
        setFailed(errMsg(e));
        timer = setTimeout(tick, 3000);
      }
    };
    void tick();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [api, orderId]);

  if (!order) return <div className="card">{failed ? <p className="muted">{failed}</p> : <p className="muted">加载中…</p>}</div>;
  if (order.status !== 0) {
    const ok = order.status === 1;
    return (
      <div className="card" aria-label="订单状态">
        <Result tone={ok ? 'ok' : 'bad'} title={ok ? '支付成功' : order.statusText}>
          <p className="muted">
            {ok
              ? `「${order.itemName}」已生效${order.grantEnd ? `，${order.grantEnd === '永久有效' ? '永久有效' : `有效期至 ${order.grantEnd.slice(0, 10)}`}` : ''}`
              : `订单 ${order.orderNo}`}
          </p>
          <button type="button" className="btn ghost" onClick={onDone}>
            完成
          </button>
        </Result>
      </div>
    );
  }
  return (
    <div className="card" aria-label="支付订单">
      <Result tone="wait" title="待支付">
        <p>
          {order.itemName} <b>{yuan(order.amount)}</b>
        </p>
        <p className="muted small">订单号 {order.orderNo}</p>
      </Result>
      {order.qr_code ? (
        <>
          <a className="btn primary pay" href={memberPayLink(order.qr_code, shopId, order.id)}>
            去支付
          </a>
          <Suspense fallback={null}>
            <Qr value={order.qr_code} label="支付二维码" />
          </Suspense>
          <p className="muted small center">也可以用另一部手机扫码支付</p>
        </>
      ) : null}
      <p className="muted small center">{failed ? '网络异常，正在重试…' : '正在等待支付结果，支付后本页自动刷新'}</p>
      <p className="muted small center">未支付的订单30分钟后自动取消</p>
      <button type="button" className="link" onClick={onDone}>
        稍后支付
      </button>
    </div>
  );
}

/** 我的等级订单 / 我的权益卡订单: newest first, with 去支付 on an unpaid one. */
export function MyOrders({ api, onPay }: { api: MemberApi; onPay: (orderId: string) => void }) {
  const [kind, setKind] = useState<1 | 2>(1);
  const [list, setList] = useState<OrderList | null>(null);
  const [failed, setFailed] = useState('');
  const load = useCallback(async () => {
    try {
      setList(await api.call<OrderList>('/h5/MemberOrder/List', { kind, page_index: 1, page_size: 20 }));
      setFailed('');
    } catch (e) {
      setFailed(errMsg(e));
    }
  }, [api, kind]);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <div className="card">
      <div className="order-tabs" role="tablist">
        {([1, 2] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={kind === k}
            className={kind === k ? 'tab on' : 'tab'}
            onClick={() => setKind(k)}
          >
            {k === 1 ? '我的等级订单' : '我的权益卡订单'}
          </button>
        ))}
      </div>
      {failed ? <p className="muted small">{failed}</p> : null}
      {list && list.rows.length === 0 ? <p className="muted small">暂无订单</p> : null}
      {list?.rows.map((o) => (
        <div key={o.id} className="task-row" aria-label={`订单 ${o.orderNo}`}>
          <span>
            {o.itemName}
            <br />
            <span className="muted small">
              {o.createTime} · {yuan(o.amount)}
            </span>
          </span>
          {o.status === 0 ? (
            <button type="button" className="btn primary claim-btn" onClick={() => onPay(o.id)}>
              去支付
            </button>
          ) : (
            <span className="muted">{o.statusText}</span>
          )}
        </div>
      ))}
    </div>
  );
}
