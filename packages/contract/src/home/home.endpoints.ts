import { z } from 'zod';
import { empty, endpoint, listOf, listQuery, nothing } from '../core/endpoint';
import * as s from './home.schemas';

export const homeEndpoints = {
  GetPreverInfo: endpoint({
    method: 'POST',
    path: '/Index/Home/GetPreverInfo',
    summary: '预览二维码路径',
    body: s.previewBody,
    data: s.previewInfo,
    permission: 'renter',
  }),
  GetNotice: endpoint({
    method: 'POST',
    path: '/Index/Home/GetNotice',
    summary: '通知列表（最近 20 条）',
    body: empty,
    data: z.array(s.noticeItem),
    permission: 'renter',
  }),
  GetNoticePage: endpoint({
    method: 'POST',
    path: '/Index/Home/GetNoticePage',
    summary: '通知分页（消息提醒，tp=4）',
    body: listQuery.extend({ tp: z.coerce.number().int().optional().default(4), unread: z.boolean().optional().default(false) }),
    data: listOf(s.noticeItem),
    permission: 'renter',
  }),
  ReadNotice: endpoint({
    method: 'POST',
    path: '/Index/Home/ReadNotice',
    summary: '通知设为已读（ids 为空则全部）',
    body: z.object({ ids: z.array(z.string().uuid()).optional().default([]) }),
    data: nothing,
    permission: 'renter',
  }),
  GetUserHead: endpoint({
    method: 'POST',
    path: '/Index/Home/GetUserHead',
    summary: '头像与称呼',
    body: empty,
    data: s.userHead,
    permission: 'renter',
  }),
  GetProfile: endpoint({
    method: 'POST',
    path: '/Index/Home/GetProfile',
    summary: '个人设置',
    body: empty,
    data: s.profile,
    permission: { menu: 'profile', op: 'view' },
  }),
  SaveProfile: endpoint({
    method: 'POST',
    path: '/Index/Home/SaveProfile',
    summary: '保存个人设置',
    body: s.saveProfileBody,
    data: nothing,
    permission: { menu: 'profile', op: 'edit' },
  }),
  GetDashboard: endpoint({
    method: 'POST',
    path: '/Index/Home/GetDashboard',
    summary: '概况数据',
    body: empty,
    data: s.dashboard,
    permission: { menu: 'dashboard', op: 'view' },
  }),
};
