import { z } from 'zod';
import { endpoint, type EndpointMap, listOf, nothing } from '../core/endpoint';
import * as s from './billing.schemas';

/**
 * Buying the product and its add-on apps (spec 000 §4 buy flow, §7.2). Only the owner pays (as on Youzan), and an
 * enterprise whose service ended can still buy: these are not menu-edit calls, so the expiry rule does not refuse them.
 */
export const billingEndpoints = {
  RenterBuy: endpoint({
    method: 'POST',
    path: '/api/Login/RenterBuy',
    summary: '购买产品或应用（买断 / 年费），回答支付二维码与金额',
    body: s.renterBuyBody,
    data: s.payData,
    permission: 'owner',
    idempotent: true,
  }),
  GetPayOrder: endpoint({
    method: 'GET',
    path: '/api/Login/GetPayOrder',
    summary: '购买订单的支付状态（PayStatus 1 未支付 2 已支付 3 已关闭）',
    body: s.payOrderBody,
    data: s.payOrderData,
    permission: 'renter',
  }),
  CancelBuy: endpoint({
    method: 'POST',
    path: '/api/Login/CancelBuy',
    summary: '取消未支付的购买订单',
    body: s.payOrderBody,
    data: nothing,
    permission: 'owner',
  }),
  GetBuyInfo: endpoint({
    method: 'POST',
    path: '/api/Login/GetBuyInfo',
    summary: '购买弹窗：产品（或应用）的价格与可选购买类型',
    body: s.buyInfoBody,
    data: s.buyInfoData,
    permission: 'renter',
  }),
  GetBuyList: endpoint({
    method: 'POST',
    path: '/api/Login/GetBuyList',
    summary: '本企业的购买记录（分页，最新在前）',
    body: s.buyListBody,
    data: listOf(s.buyRow),
    permission: 'owner',
  }),
  GetPayEnv: endpoint({
    method: 'GET',
    path: '/api/Login/GetPayEnv',
    summary: '支付环境：是否为支付沙箱（付款不真实扣款），付款相关页面据此提示',
    body: z.object({}),
    data: s.payEnvData,
    permission: 'renter',
  }),
  GetAppList: endpoint({
    method: 'POST',
    path: '/AppMarket/App/GetAppList',
    summary: '应用中心：全部应用与本企业的购买状态',
    body: z.object({}),
    data: z.array(s.appCard),
    permission: 'renter',
  }),
  GetAppDetail: endpoint({
    method: 'POST',
    path: '/AppMarket/App/GetAppDetail',
    summary: '应用详情（/appmarket/appdesc?appid=…）',
    body: s.appDetailBody,
    data: s.appDetail,
    permission: 'renter',
  }),
} satisfies EndpointMap;
