// The order pages of the shop (a lazy chunk: not on the shop's first screen): cart, checkout, addresses, my orders,
// order detail, after-sales. Each is a member's; the login stands in for it when there is none.
import { AddressBook } from './address-page';
import { AfterSaleApplyPage, AfterSaleDetailPage, MyAfterSalesPage } from './after-sale-pages';
import { CartPage } from './cart-page';
import { CheckoutPage } from './checkout-page';
import { MemberOnly, useMember } from './member-gate';
import { MyOrdersPage } from './my-orders-page';
import { OrderDetailPage } from './order-detail-page';
import type { OrderRoute } from './order-rules';
import './orders.css';

export function OrderPages({ route, query }: { route: OrderRoute; query: URLSearchParams }) {
  const m = useMember(route.shopId);
  switch (route.page) {
    case 'cart':
      return <CartPage m={m} />;
    case 'checkout':
      return <CheckoutPage m={m} query={query} />;
    case 'addresses':
      return (
        <MemberOnly m={m} hint="登录后管理收货地址">
          <AddressBook m={m} back={`/h5/shop/${route.shopId}/member`} />
        </MemberOnly>
      );
    case 'orders':
      return <MyOrdersPage m={m} query={query} />;
    case 'order':
      return <OrderDetailPage m={m} orderId={route.orderId ?? ''} />;
    case 'aftersaleApply':
      return <AfterSaleApplyPage m={m} orderId={query.get('order') ?? ''} />;
    case 'aftersales':
      return <MyAfterSalesPage m={m} />;
    case 'aftersale':
      return <AfterSaleDetailPage m={m} id={route.afterSaleId ?? ''} />;
  }
}
