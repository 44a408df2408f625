import { endpoint, listOf, listQuery, menuPermission, nothing } from '../core/endpoint';
import { z } from 'zod';
import * as s from './vip-card.schemas';

const card = menuPermission('equityCard');

/** /Config/VIPCard/: rights cards (screens /equityCard, /addrights); grant and withdraw are the project's names. */
export const vipCardEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/Config/VIPCard/list',
    summary: '权益卡列表（关键字、状态、排序；售价为元）',
    body: s.vipCardListBody,
    data: listOf(s.vipCardRow),
    permission: card.view,
  }),
  vipchklist: endpoint({
    method: 'POST',
    path: '/Config/VIPCard/vipchklist',
    summary: '可选的权益卡（启用中，供选择器）',
    body: listQuery,
    data: listOf(s.vipCardPickRow),
    permission: card.view,
  }),
  detail: endpoint({
    method: 'POST',
    path: '/Config/VIPCard/detail',
    summary: '权益卡详情',
    body: s.vipCardIdBody,
    data: s.vipCardDetail,
    permission: card.view,
  }),
  save: endpoint({
    method: 'POST',
    path: '/Config/VIPCard/save',
    summary: '新建或保存权益卡，回答 id',
    body: s.vipCardSaveBody,
    data: z.object({ id: z.string() }),
    permission: card.edit,
    idempotent: true,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/Config/VIPCard/delete',
    summary: '删除权益卡（仅无人领取过的）',
    body: s.vipCardIdBody,
    data: nothing,
    permission: card.delete,
  }),
  forbidd: endpoint({
    method: 'POST',
    path: '/Config/VIPCard/forbidd',
    summary: '启用（1）/ 停用（0）权益卡；停用后不再发放和领取，已领取的到期前仍有效',
    body: s.vipCardForbidBody,
    data: nothing,
    permission: card.edit,
  }),
  userlist: endpoint({
    method: 'POST',
    path: '/Config/VIPCard/userlist',
    summary: '权益卡的领取记录（持卡会员）',
    body: s.vipCardHolderListBody,
    data: listOf(s.vipCardHolderRow),
    permission: card.view,
  }),
  grant: endpoint({
    method: 'POST',
    path: '/Config/VIPCard/grant',
    summary: '向会员发放权益卡（已持有的顺延有效期）',
    body: s.vipCardGrantBody,
    data: s.vipCardGrantData,
    permission: card.edit,
  }),
  withdraw: endpoint({
    method: 'POST',
    path: '/Config/VIPCard/withdraw',
    summary: '收回会员的权益卡',
    body: s.vipCardWithdrawBody,
    data: nothing,
    permission: card.edit,
  }),
};
