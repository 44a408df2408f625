import { z } from 'zod';
import { empty, endpoint } from '../core/endpoint';
import * as s from './staff.schemas';

export const staffEndpoints = {
  GetUserInfo: endpoint({
    method: 'POST',
    path: '/Sys/Staff/GetUserInfo',
    summary: '当前用户、菜单与版本信息',
    body: empty,
    data: s.userInfo,
    permission: 'renter',
  }),
  GetJobMenu: endpoint({
    method: 'POST',
    path: '/Sys/Staff/GetJobMenu',
    summary: '当前岗位的菜单树',
    body: empty,
    data: z.array(s.menuNode),
    permission: 'renter',
  }),
};
