import { z } from 'zod';
import { empty, endpoint, listOf, menuPermission, nothing, KB } from '../core/endpoint';
import * as s from './team.schemas';

const roles = menuPermission('rolePermissions');
const staff = menuPermission('staffManagement');

/**
 * The team module: roles (/Sys/Role/, screens /rolePermissions and /editjob) and the staff of the enterprise
 * (/Sys/Staff/, screens /staffManagement, /EditStaff, /ShowStaff).
 */
export const teamEndpoints = {
  GetRoleList: endpoint({
    method: 'POST',
    path: '/Sys/Role/GetRoleList',
    summary: '岗位列表（分页、关键字），含每个岗位的员工数',
    body: s.roleListBody,
    data: listOf(s.roleRow),
    permission: roles.view,
  }),
  GetRole: endpoint({
    method: 'POST',
    path: '/Sys/Role/GetRole',
    summary: '岗位详情及其权限',
    body: s.teamIdBody,
    data: s.roleDetail,
    permission: roles.view,
  }),
  SaveRole: endpoint({
    method: 'POST',
    path: '/Sys/Role/SaveRole',
    summary: '新建或保存岗位（名称企业内唯一；编辑/删除/导出 带上 查看），回答 id',
    body: s.roleSaveBody,
    // Up to 1000 grants.
    bodyLimit: 128 * KB,
    data: z.object({ id: z.string() }),
    permission: roles.edit,
    idempotent: true,
  }),
  DelRole: endpoint({
    method: 'POST',
    path: '/Sys/Role/DelRole',
    summary: '删除岗位（还有员工时拒绝；超级管理员岗位不能删除）',
    body: s.teamIdBody,
    data: nothing,
    permission: roles.delete,
  }),
  GetRoleMenu: endpoint({
    method: 'POST',
    path: '/Sys/Role/GetRoleMenu',
    summary: '可授权的菜单与操作（一级菜单 › 分组 › 菜单项及其操作）',
    body: empty,
    data: z.array(s.roleMenuArea),
    permission: roles.view,
  }),
  GetStaffList: endpoint({
    method: 'POST',
    path: '/Sys/Staff/GetStaffList',
    summary: '员工列表（分页；关键字查姓名、手机号；岗位、状态筛选）',
    body: s.staffListBody,
    data: listOf(s.staffRow),
    permission: staff.view,
  }),
  GetStaff: endpoint({
    method: 'POST',
    path: '/Sys/Staff/GetStaff',
    summary: '员工详情，含本企业内最近的操作与登录记录',
    body: s.teamIdBody,
    data: s.staffDetail,
    permission: staff.view,
  }),
  GetStaffOptions: endpoint({
    method: 'POST',
    path: '/Sys/Staff/GetStaffOptions',
    summary: '员工表单的岗位与门店选项',
    body: empty,
    data: s.staffOptions,
    permission: staff.view,
  }),
  RenterSave: endpoint({
    method: 'POST',
    path: '/Sys/Staff/RenterSave',
    summary: '添加员工：按手机号邀请（已注册用户直接加入，新手机号建账号），并发送邀请短信，回答 id',
    body: s.staffAddBody,
    data: z.object({ id: z.string() }),
    permission: staff.edit,
    idempotent: true,
  }),
  UpdateStaff: endpoint({
    method: 'POST',
    path: '/Sys/Staff/UpdateStaff',
    summary: '编辑员工：姓名、岗位、门店、备注（企业所有者的岗位不能改）',
    body: s.staffUpdateBody,
    data: nothing,
    permission: staff.edit,
  }),
  SetStaffStatus: endpoint({
    method: 'POST',
    path: '/Sys/Staff/SetStaffStatus',
    summary: '启用 / 停用员工（status 1 / 0）；停用即刻结束其在本企业的登录',
    body: s.staffStatusBody,
    data: nothing,
    permission: staff.edit,
  }),
  DelStaff: endpoint({
    method: 'POST',
    path: '/Sys/Staff/DelStaff',
    summary: '将员工移出本企业（不能是企业所有者或自己），其登录随即结束',
    body: s.teamIdsBody,
    data: nothing,
    permission: staff.delete,
  }),
};
