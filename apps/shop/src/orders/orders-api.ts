// The member's goods-order calls (contract orders/h5-orders.endpoints.ts, delivery/h5-delivery.endpoints.ts): the
// shop in `shop-id`, the member's token in `token` (member/member-api.ts); paths from the contract's routes.
import type { DataOf, InputOf } from '@contract/core/endpoint';
import type { h5DeliveryEndpoints } from '@contract/delivery/h5-delivery.endpoints';
import type { h5AfterSaleEndpoints } from '@contract/orders/after-sales.endpoints';
import type { h5OrdersEndpoints } from '@contract/orders/h5-orders.endpoints';
import { pathOf, type UploadedFile } from '../api';
import type { MemberApi } from '../member/member-api';

type O = typeof h5OrdersEndpoints;
export type CartList = DataOf<O['CartList']>;
export type CartLine = CartList['rows'][number];
export type CartCount = DataOf<O['CartCount']>;
export type AddressRow = DataOf<O['AddressList']>['rows'][number];
export type AddressInput = InputOf<O['AddressSave']>;
export type PreviewInput = InputOf<O['OrderPreview']>;
export type Preview = DataOf<O['OrderPreview']>;
export type SubmitInput = InputOf<O['OrderSubmit']>;
export type Submitted = DataOf<O['OrderSubmit']>;
export type OrderPage = DataOf<O['OrderList']>;
export type OrderRow = OrderPage['rows'][number];
export type OrderDetail = DataOf<O['OrderDetail']>;
export type PickupCode = DataOf<O['OrderPickupCode']>;
export type PickupPoint = DataOf<(typeof h5DeliveryEndpoints)['PickupPoints']>['rows'][number];
export type MyOrderTab = NonNullable<InputOf<O['OrderList']>['tab']>;

type AS = typeof h5AfterSaleEndpoints;
export type AfterSaleApplyInfo = DataOf<AS['ApplyInfo']>;
export type AfterSaleApplyInput = InputOf<AS['Apply']>;
export type AfterSalePage = DataOf<AS['List']>;
export type AfterSaleDetail = DataOf<AS['Detail']>;

const o = (name: keyof O & string) => pathOf('h5Orders', name);
const as = (name: keyof AS & string) => pathOf('h5AfterSales', name);

export function ordersApi(api: MemberApi) {
  const { call } = api;
  return {
    cart: () => call<CartList>(o('CartList')),
    /** The server's message too: a partial add says how many went in. */
    cartAdd: (skuId: string, qty: number) => api.callFull<DataOf<O['CartAdd']>>(o('CartAdd'), { skuId, qty }),
    cartSetQty: (id: string, qty: number) => call<DataOf<O['CartSetQty']>>(o('CartSetQty'), { id, qty }),
    cartRemove: (ids: string[]) => call<CartCount>(o('CartRemove'), { ids }),
    cartCount: () => call<CartCount>(o('CartCount')),
    addresses: () => call<DataOf<O['AddressList']>>(o('AddressList')),
    saveAddress: (b: AddressInput) => call<{ id: string }>(o('AddressSave'), b),
    deleteAddress: (id: string) => call<null>(o('AddressDelete'), { id }),
    setDefaultAddress: (id: string) => call<null>(o('AddressSetDefault'), { id }),
    preview: (b: PreviewInput) => call<Preview>(o('OrderPreview'), b),
    submit: (b: SubmitInput) => call<Submitted>(o('OrderSubmit'), b),
    list: (tab: MyOrderTab, page: number) => call<OrderPage>(o('OrderList'), { tab, page_index: page, page_size: 10 }),
    detail: (id: string) => call<OrderDetail>(o('OrderDetail'), { id }),
    cancel: (id: string) => call<null>(o('OrderCancel'), { id }),
    pay: (id: string) => call<DataOf<O['OrderPay']>>(o('OrderPay'), { id }),
    confirm: (id: string) => call<null>(o('OrderConfirm'), { id }),
    pickupCode: (id: string) => call<PickupCode>(o('OrderPickupCode'), { id }),
    afterSaleInfo: (orderId: string) => call<AfterSaleApplyInfo>(as('ApplyInfo'), { orderId }),
    afterSaleApply: (b: AfterSaleApplyInput) => call<{ id: string }>(as('Apply'), b),
    afterSaleUpload: (file: File) => api.upload<UploadedFile>(as('UpLoad'), file),
    afterSales: (page: number) => call<AfterSalePage>(as('List'), { page_index: page, page_size: 10 }),
    afterSale: (id: string) => call<AfterSaleDetail>(as('Detail'), { id }),
    afterSaleCancel: (id: string) => call<null>(as('Cancel'), { id }),
    afterSaleReturnShip: (id: string, companyCode: string, trackingNo: string) =>
      call<null>(as('ReturnShip'), { id, companyCode, trackingNo }),
    pickupPoints: () => call<DataOf<(typeof h5DeliveryEndpoints)['PickupPoints']>>(pathOf('h5Delivery', 'PickupPoints')),
  };
}
export type OrdersApi = ReturnType<typeof ordersApi>;
