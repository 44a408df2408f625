import { z } from 'zod';
import { empty, type EndpointMap, endpoint, listOf, menuPermission, nothing } from '../core/endpoint';
import * as s from './shop.schemas';

const storeInformation = menuPermission('storeInformation');
const qiantaiset = menuPermission('qiantaiset');
const editreaddress = menuPermission('editreaddress');
const paymentMethod = menuPermission('paymentMethod');
const currency = menuPermission('currency');

const P = '/Config/Shop/';

/** /Config/Shop/: the shop settings screens (spec 000 §2.2 店铺设置). The spec names no calls here. */
export const shopEndpoints = {
  GetStoreInfo: endpoint({
    method: 'POST',
    path: `${P}GetStoreInfo`,
    summary: '店铺信息（当前店铺）',
    body: empty,
    data: s.storeInfo,
    permission: storeInformation.view,
  }),
  SaveStoreInfo: endpoint({
    method: 'POST',
    path: `${P}SaveStoreInfo`,
    summary: '保存店铺信息',
    body: s.storeInfoBody,
    data: nothing,
    permission: storeInformation.edit,
  }),
  GetHomeSet: endpoint({
    method: 'POST',
    path: `${P}GetHomeSet`,
    summary: '首页设置（未保存过时为默认值）',
    body: empty,
    data: s.homeSet,
    permission: qiantaiset.view,
  }),
  SaveHomeSet: endpoint({
    method: 'POST',
    path: `${P}SaveHomeSet`,
    summary: '保存首页设置',
    body: s.homeSet,
    data: nothing,
    permission: qiantaiset.edit,
  }),
  GetReturnAddressList: endpoint({
    method: 'POST',
    path: `${P}GetReturnAddressList`,
    summary: '退货地址列表（默认地址在前，其余新的在前；关键字查联系人、电话、地址）',
    body: s.returnAddressListBody,
    data: listOf(s.returnAddressRow),
    permission: editreaddress.view,
  }),
  SaveReturnAddress: endpoint({
    method: 'POST',
    path: `${P}SaveReturnAddress`,
    summary: '新增或编辑退货地址，回答 id；第一个地址自动成为默认',
    body: s.returnAddressSaveBody,
    data: z.object({ id: z.string() }),
    permission: editreaddress.edit,
    idempotent: true,
  }),
  DelReturnAddress: endpoint({
    method: 'POST',
    path: `${P}DelReturnAddress`,
    summary: '删除退货地址；删除默认地址时最新的另一个地址成为默认',
    body: s.returnAddressIdBody,
    data: nothing,
    permission: editreaddress.delete,
  }),
  SetDefaultReturnAddress: endpoint({
    method: 'POST',
    path: `${P}SetDefaultReturnAddress`,
    summary: '设为默认退货地址（每个企业恰好一个）',
    body: s.returnAddressIdBody,
    data: nothing,
    permission: editreaddress.edit,
  }),
  GetPayMethod: endpoint({
    method: 'POST',
    path: `${P}GetPayMethod`,
    summary: '支付方式（密钥只回答是否已设置）',
    body: empty,
    data: s.payMethod,
    permission: paymentMethod.view,
  }),
  SavePayMethod: endpoint({
    method: 'POST',
    path: `${P}SavePayMethod`,
    summary: '保存支付方式；密钥留空表示不修改',
    body: s.payMethodBody,
    data: nothing,
    permission: paymentMethod.edit,
  }),
  GetGeneralSet: endpoint({
    method: 'POST',
    path: `${P}GetGeneralSet`,
    summary: '通用设置（订单与积分规则、客服电话、店铺logo）',
    body: empty,
    data: s.generalSet,
    permission: currency.view,
  }),
  SaveGeneralSet: endpoint({
    method: 'POST',
    path: `${P}SaveGeneralSet`,
    summary: '保存通用设置；客服电话与店铺logo即 GetSetInfo 的 type 12 与 type 3',
    body: s.generalSet,
    data: nothing,
    permission: currency.edit,
  }),
} satisfies EndpointMap;
