import { Link } from '../router';
import { afterSalesPath, ordersPath, TABS } from './order-rules';

/** 我的订单 in the member centre: 全部订单, a shortcut per state and 退款/售后; 收货地址. */
export function OrderShortcuts({ shopId }: { shopId: string }) {
  return (
    <div className="card s-shortcuts" aria-label="我的订单">
      <div className="s-shortcuts-head">
        <h2 className="section-title">我的订单</h2>
        <Link to={ordersPath(shopId)} className="muted small">
          全部订单 ›
        </Link>
      </div>
      <div className="s-shortcuts-row">
        {TABS.filter((t) => t.key !== 'all').map((t) => (
          <Link key={t.key} to={ordersPath(shopId, t.key)} className="s-shortcut">
            {t.label}
          </Link>
        ))}
        <Link to={afterSalesPath(shopId)} className="s-shortcut">
          退款/售后
        </Link>
      </div>
      <Link to={`/h5/shop/${shopId}/addresses`} className="s-shortcuts-more">
        <span>收货地址</span>
        <span aria-hidden="true">›</span>
      </Link>
    </div>
  );
}
