import { customerEndpoint, endpoint, listOf, menuPermission, nothing } from '../core/endpoint';
import { uploadedFile } from '../files/files.schemas';
import * as s from './after-sales.schemas';

const sales = menuPermission('SalesProtection');

/** 售后维权 in the console: the spec's /Order/Service/ calls (服务单 = 售后单; orders README "After-sales"). */
export const afterSaleEndpoints = {
  serverlist: endpoint({
    method: 'POST',
    path: '/Order/Service/serverlist',
    summary: '售后单列表（含各状态数量）',
    body: s.afterSaleListBody,
    data: s.afterSaleListData,
    permission: sales.view,
  }),
  GetServerDetail: endpoint({
    method: 'POST',
    path: '/Order/Service/GetServerDetail',
    summary: '售后单详情（申请、订单、金额、退货物流、协商历史）',
    body: s.afterSaleIdBody,
    data: s.afterSaleDetail,
    permission: sales.view,
  }),
  GetNextServer: endpoint({
    method: 'POST',
    path: '/Order/Service/GetNextServer',
    summary: '售后单当前可执行的操作',
    body: s.afterSaleIdBody,
    data: s.afterSaleNext,
    permission: sales.view,
  }),
  GetCheckServerDetail: endpoint({
    method: 'POST',
    path: '/Order/Service/GetCheckServerDetail',
    summary: '处理售后所需信息（可退金额、商品、退货地址、快递公司）',
    body: s.afterSaleIdBody,
    data: s.afterSaleCheckInfo,
    permission: sales.view,
  }),
  CheckService: endpoint({
    method: 'POST',
    path: '/Order/Service/CheckService',
    summary: '同意（仅退款同时退款）或拒绝售后申请',
    body: s.afterSaleCheckBody,
    data: nothing,
    permission: sales.edit,
  }),
  AddFlow: endpoint({
    method: 'POST',
    path: '/Order/Service/AddFlow',
    summary: '商家处理：确认收到退货、退款、换货发货、留言',
    body: s.afterSaleFlowBody,
    data: nothing,
    permission: sales.edit,
  }),
  AutoCheckServer: endpoint({
    method: 'POST',
    path: '/Order/Service/AutoCheckServer',
    summary: '售后设置：自动同意、超时处理（不带 save 时返回当前设置）',
    body: s.afterSaleSettingsBody,
    data: s.afterSaleSettings,
    permission: sales.edit,
  }),
};

/** The buyer's after-sales in the H5 shop: their own requests only. */
export const h5AfterSaleEndpoints = {
  ApplyInfo: customerEndpoint({
    method: 'POST',
    path: '/h5/AfterSale/ApplyInfo',
    summary: '申请售后：订单可申请的商品、数量、金额和原因',
    body: s.afterSaleApplyInfoBody,
    data: s.afterSaleApplyInfo,
    actor: 'member',
    shop: true,
  }),
  UpLoad: customerEndpoint({
    method: 'POST',
    path: '/h5/AfterSale/UpLoad',
    summary: '申请售后：上传凭证图片（multipart：文件字段 file；提交申请时在 images 中引用）',
    body: s.afterSaleUpLoadBody,
    data: uploadedFile,
    actor: 'member',
    shop: true,
    multipart: true,
  }),
  Apply: customerEndpoint({
    method: 'POST',
    path: '/h5/AfterSale/Apply',
    summary: '申请售后（仅退款、退货退款、换货）',
    body: s.afterSaleApplyBody,
    data: s.afterSaleIdBody,
    actor: 'member',
    shop: true,
  }),
  List: customerEndpoint({
    method: 'POST',
    path: '/h5/AfterSale/List',
    summary: '我的售后',
    body: s.myAfterSaleListBody,
    data: listOf(s.afterSaleRow),
    actor: 'member',
    shop: true,
  }),
  Detail: customerEndpoint({
    method: 'POST',
    path: '/h5/AfterSale/Detail',
    summary: '售后详情（协商历史）',
    body: s.afterSaleIdBody,
    data: s.afterSaleDetail,
    actor: 'member',
    shop: true,
  }),
  Cancel: customerEndpoint({
    method: 'POST',
    path: '/h5/AfterSale/Cancel',
    summary: '撤销售后申请',
    body: s.afterSaleIdBody,
    data: nothing,
    actor: 'member',
    shop: true,
  }),
  ReturnShip: customerEndpoint({
    method: 'POST',
    path: '/h5/AfterSale/ReturnShip',
    summary: '填写退货物流',
    body: s.afterSaleReturnShipBody,
    data: nothing,
    actor: 'member',
    shop: true,
  }),
};
