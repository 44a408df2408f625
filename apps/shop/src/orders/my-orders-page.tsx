import { useCallback, useEffect, useState } from 'react';
import { errMsg } from '../api';
import { Link, navigate } from '../router';
import { Empty, Skeleton } from '../shop/shop-frame';
import { toast, withReturn, yuan } from '../ui';
import { type Member, MemberOnly } from './member-gate';
import { orderPath, ordersPath, TABS, tabOf } from './order-rules';
import { GoodsLine, PageHead } from './order-ui';
import type { MyOrderTab, OrderRow } from './orders-api';

/** 我的订单 (?tab=): 全部 / 待付款 / 待发货 / 待收货 / 已完成, newest first, 10 at a time (加载更多). */
export function MyOrdersPage({ m, query }: { m: Member; query: URLSearchParams }) {
  const tab = tabOf(query.get('tab'));
  return (
    <MemberOnly m={m} hint="登录后查看我的订单">
      <main className="s-page s-orders">
        <PageHead title="我的订单" back={`/h5/shop/${m.shopId}/member`} />
        <nav className="s-order-tabs" role="tablist" aria-label="订单状态">
          {TABS.map((t) => (
            <button
              key={t.key}
              type="button"
              role="tab"
              aria-selected={t.key === tab}
              className={t.key === tab ? 'on' : ''}
              onClick={() => navigate(ordersPath(m.shopId, t.key), { replace: true })}
            >
              {t.label}
            </button>
          ))}
        </nav>
        <OrderList key={tab} m={m} tab={tab} />
      </main>
    </MemberOnly>
  );
}

/** 去支付: the order's open payment, back to its detail afterwards. */
export async function goPay(m: Member, orderId: string) {
  try {
    const r = await m.orders.pay(orderId);
    location.assign(withReturn(r.qr_code, orderPath(m.shopId, orderId)));
  } catch (e) {
    toast(errMsg(e));
  }
}

function OrderList({ m, tab }: { m: Member; tab: MyOrderTab }) {
  const [rows, setRows] = useState<OrderRow[]>([]);
  const [total, setTotal] = useState(-1);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState('');

  const load = useCallback(
    async (p: number) => {
      setLoading(true);
      try {
        const r = await m.orders.list(tab, p);
        setRows((old) => (p === 1 ? r.rows : [...old, ...r.rows.filter((x) => !old.some((o) => o.id === x.id))]));
        setTotal(r.total_count);
        setPage(p);
        setFailed('');
      } catch (e) {
        setFailed(errMsg(e));
      } finally {
        setLoading(false);
      }
    },
    [m.orders, tab],
  );
  useEffect(() => {
    void load(1);
  }, [load]);

  if (total < 0) {
    return failed ? (
      <Empty title={failed}>
        <button type="button" className="s-btn-line" onClick={() => void load(1)}>
          重新加载
        </button>
      </Empty>
    ) : (
      <Skeleton rows={4} />
    );
  }
  if (rows.length === 0) {
    return (
      <Empty title="暂无订单">
        <Link to={`/h5/shop/${m.shopId}`} className="s-btn-line">
          去逛逛
        </Link>
      </Empty>
    );
  }
  return (
    <>
      {rows.map((o) => (
        <section key={o.id} className="s-box s-order-card" aria-label={`订单 ${o.orderNo}`}>
          <Link to={orderPath(m.shopId, o.id)} className="s-order-link">
            <div className="s-order-top">
              <span className="muted small">{o.createTime}</span>
              <span className="s-status">{o.afterSale ? `${o.statusText} · 售后中` : o.statusText}</span>
            </div>
            {o.lines.map((l) => (
              <GoodsLine key={l.id} line={l} />
            ))}
            <p className="s-order-sum">
              共{o.units}件 合计 <b>{yuan(o.total)}</b>
            </p>
          </Link>
          {o.status === 0 ? (
            <div className="s-order-ops">
              <button type="button" className="s-btn-small red" onClick={() => void goPay(m, o.id)}>
                去支付
              </button>
            </div>
          ) : null}
        </section>
      ))}
      {rows.length < total ? (
        <div className="s-more">
          <button type="button" className="s-btn-line" disabled={loading} onClick={() => void load(page + 1)}>
            {loading ? '加载中…' : failed ? '加载失败，点击重试' : '加载更多'}
          </button>
        </div>
      ) : (
        <p className="s-end muted small">没有更多了</p>
      )}
    </>
  );
}
