import { useEffect, useState } from 'react';
import { ApiError, errMsg, h5api, type SubmitCode } from './api';
import type { KeptOrder } from './storage';
import { Qr } from './qr';
import { Result, withReturn, yuan } from './ui';

export const POLL_MS = 3000;

/** FORM_ORDER_STATUS of the contract. */
const STATUS = { unpaid: 0, paid: 1, done: 2, cancelled: 3, refunded: 4 } as const;

/** The sandbox (or provider) page's link with our way back: /h5/form/<id>?order=<orderId>. */
export function payLink(qrCode: string, formId: string, orderId: string): string {
  return withReturn(qrCode, `/h5/form/${formId}?order=${orderId}`);
}

interface Props {
  formId: string;
  order: KeptOrder;
  /** Whether the form takes another submission from this visitor now. */
  canRefill: boolean;
  /** Back to the form; clear forgets this order (cancelled, refunded or not this visitor's). */
  onRefill: (clear: boolean) => void;
}

/** A paid submission: pay, wait for the payment (polling every 3 s), then the verification code. */
export function OrderView({ formId, order, canRefill, onRefill }: Props) {
  const [state, setState] = useState<SubmitCode | null>(null);
  const [error, setError] = useState('');
  const [offline, setOffline] = useState(false);
  const settled = state !== null && state.status >= STATUS.paid;

  useEffect(() => {
    if (settled || error) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight = false;
    const tick = async () => {
      clearTimeout(timer);
      if (document.hidden || inFlight) return; // a hidden page resumes on visibilitychange
      inFlight = true;
      try {
        const s = await h5api.submitCode({ orderId: order.orderId });
        if (!live) return;
        setOffline(false);
        setState(s);
        if (s.status >= STATUS.paid) return;
      } catch (e) {
        if (!live) return;
        // A refusal (an order that is not this visitor's) ends it; a network hiccup is retried.
        if (e instanceof ApiError && e.code > 0 && e.code < 500) {
          setError(errMsg(e));
          return;
        }
        setOffline(true);
      } finally {
        inFlight = false;
      }
      timer = setTimeout(tick, POLL_MS);
    };
    const onVisible = () => {
      if (!document.hidden) tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    tick();
    return () => {
      live = false;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [order.orderId, settled, error]);

  const amount = state?.amount ?? order.total;
  const orderNo = state?.orderNo || order.orderNo;
  const foot = (
    <dl className="order-meta">
      <div>
        <dt>订单号</dt>
        <dd>{orderNo || '—'}</dd>
      </div>
      <div>
        <dt>金额</dt>
        <dd>{yuan(amount)}</dd>
      </div>
      {state && (
        <div>
          <dt>状态</dt>
          <dd>{state.statusText}</dd>
        </div>
      )}
    </dl>
  );
  const refill = (label: string, clear: boolean) =>
    (clear || canRefill) && (
      <button type="button" className="btn ghost" onClick={() => onRefill(clear)}>
        {label}
      </button>
    );

  if (error) {
    return (
      <div className="card">
        <Result tone="bad" title={error}>
          <p className="muted">这笔订单无法在本设备查看</p>
        </Result>
        {refill('返回表单', true)}
      </div>
    );
  }
  if (!state) {
    return (
      <div className="card">
        <p className="loading">正在查询订单…</p>
      </div>
    );
  }

  if (state.status === STATUS.unpaid) {
    return (
      <div className="card">
        <Result tone="wait" title="待支付">
          <p className="amount">{yuan(amount)}</p>
        </Result>
        {order.qrCode ? (
          <>
            <a className="btn primary pay" href={payLink(order.qrCode, formId, order.orderId)}>
              去支付
            </a>
            <div className="qr-box">
              <Qr value={order.qrCode} label="支付二维码" />
              <p className="muted small">也可以用另一部手机扫码支付</p>
            </div>
          </>
        ) : (
          <p className="muted center">请在打开的支付页面完成支付</p>
        )}
        <p className="waiting" aria-live="polite">
          <span className="dot-pulse" />
          {offline ? '网络异常，正在重试…' : '正在等待支付结果，支付后本页自动刷新'}
        </p>
        <p className="muted small center">未支付的订单30分钟后自动取消</p>
        {foot}
      </div>
    );
  }

  if (state.status === STATUS.cancelled || state.status === STATUS.refunded) {
    return (
      <div className="card">
        <Result tone="bad" title={state.status === STATUS.cancelled ? '订单已取消' : '订单已退款'}>
          <p className="muted">{state.status === STATUS.cancelled ? '订单超时未支付或已被商家取消' : '报名费用已原路退回'}</p>
        </Result>
        {foot}
        {refill('重新填写', true)}
      </div>
    );
  }

  // Paid: 待核销 with its code, or done (verified, or no verification needed).
  const verified = state.needVerify && state.status === STATUS.done;
  return (
    <div className="card">
      <Result tone="ok" title={verified ? '已核销' : '支付成功'}>
        <p className="muted">
          {verified ? '核销码已使用，感谢您的参与' : state.needVerify ? '请凭核销码到店核销' : '报名成功，感谢您的参与'}
        </p>
      </Result>
      {state.needVerify && state.code && (
        <div className={`verify${verified ? ' used' : ''}`}>
          <p className="verify-label">核销码</p>
          <p className="verify-code" data-testid="verify-code">
            {state.code.slice(0, 4)} {state.code.slice(4)}
          </p>
          <Qr value={state.code} size={160} label="核销码二维码" />
          {!verified && <p className="verify-tip">到店出示核销码</p>}
        </div>
      )}
      {foot}
      {refill('再填一份', false)}
    </div>
  );
}
