import { z } from 'zod';
import { endpoint, listOf, menuPermission, nothing } from '../core/endpoint';
import * as s from './member-detail.schemas';

/** 会员详情 (/memberdetail) is reached from 客户查询 and granted with it. */
const inquiry = menuPermission('customerInquiry');

/** /Client/Customer/ and /Client/ClientQuery/: one member's page and the staff operations on that member. */
export const memberDetailEndpoints = {
  GetUserDetail: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetUserDetail',
    summary: '会员详情：资料、消费数据、等级与成长值、标签、所在分组、权益卡',
    body: s.memberIdBody,
    data: s.memberDetail,
    permission: inquiry.view,
  }),
  GetUserVip: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetUserVip',
    summary: '会员等级：免费等级、付费等级及到期时间、付费等级记录',
    body: s.memberIdBody,
    data: s.memberVip,
    permission: inquiry.view,
  }),
  GetUserOrderStic: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetUserOrderStic',
    summary: '会员订单统计：订单数、消费金额、客单价、最近消费，近12个月按月',
    body: s.memberIdBody,
    data: s.memberOrderStats,
    permission: inquiry.view,
  }),
  GetMebGropName: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetMebGropName',
    summary: '会员所在分组的名称',
    body: s.memberIdBody,
    data: z.array(z.string()),
    permission: inquiry.view,
  }),
  GetInterEvent: endpoint({
    method: 'POST',
    path: '/Client/ClientQuery/GetInterEvent',
    summary: '会员互动事件（分页，最新在前）',
    body: s.memberEventsBody,
    data: listOf(s.memberEventRow),
    permission: inquiry.view,
  }),
  MemberOper: endpoint({
    method: 'POST',
    path: '/Client/ClientQuery/MemberOper',
    summary: '会员操作：调整成长值、设置付费等级、备注、编辑资料',
    body: s.memberOperBody,
    // A retried 调整成长值 must not add twice: the key also keys the growth record (members README).
    idempotent: true,
    data: nothing,
    permission: inquiry.edit,
  }),
  UserEditState: endpoint({
    method: 'POST',
    path: '/Client/ClientQuery/UserEditState',
    summary: '禁用（0）/ 启用（1）会员；禁用后其登录立即失效',
    body: s.memberStateBody,
    data: nothing,
    permission: inquiry.edit,
  }),
  UserEditPwd: endpoint({
    method: 'POST',
    path: '/Client/ClientQuery/UserEditPwd',
    summary: '重置会员的商城登录密码',
    body: s.memberPwdBody,
    data: nothing,
    permission: inquiry.edit,
  }),
  GetUserInfo: endpoint({
    method: 'POST',
    path: '/Client/ClientQuery/GetUserInfo',
    summary: '会员名片：手机号、姓名、昵称、头像、等级',
    body: s.memberIdBody,
    data: s.memberCard,
    permission: inquiry.view,
  }),
  UpdateUserOrderPayCount: endpoint({
    method: 'POST',
    path: '/Client/ClientQuery/UpdateUserOrderPayCount',
    summary: '按会员的订单重新统计订单数、消费金额、最近消费时间',
    body: s.memberIdBody,
    data: s.memberFigures,
    permission: inquiry.edit,
  }),
};
