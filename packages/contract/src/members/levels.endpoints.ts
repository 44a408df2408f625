import { z } from 'zod';
import { anyGrant, endpoint, listOf, menuPermission, nothing } from '../core/endpoint';
import * as s from './levels.schemas';

const free = menuPermission('CardLV0');
const paid = menuPermission('CardLV1');
const decorate = menuPermission('DecorateLV');
const buyrecord = menuPermission('lvBuyrecord');
const task = menuPermission('LvTask');
const growthLog = menuPermission('mebgrouplog');
/** Calls of the one /CardLV/:needpay screen: either kind's grant lets them through; the service checks the kind's. */
const eitherView = anyGrant(free.view, paid.view);
const eitherEdit = anyGrant(free.edit, paid.edit);
const P = '/Sys/LV/';

/**
 * Member levels and growth (/Sys/LV/, /Config/Lv/, /Client/Customer/GetGroupLosgPage): screens /CardLV/0, /CardLV/1,
 * /EditLV, /DecorateLV, /lv/buyrecord, /LvTask, /mebgrouplog. GET calls take their parameters as the query string.
 */
export const levelsEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${P}list`,
    summary: '某类等级的全部等级（needpay 0 免费 / 1 付费），按等级从低到高，含持有人数',
    body: s.levelKindQuery,
    data: z.array(s.levelRow),
    permission: eitherView,
  }),
  getlv: endpoint({
    method: 'GET',
    path: `${P}getlv`,
    summary: '等级详情',
    body: s.levelIdQuery,
    data: s.levelRow,
    permission: eitherView,
  }),
  update: endpoint({
    method: 'GET',
    path: `${P}update`,
    summary: '等级启用 / 停用 / 删除（op on / off / delete；有会员的等级不能删除）',
    body: s.levelUpdateQuery,
    data: nothing,
    permission: eitherEdit,
  }),
  getfield: endpoint({
    method: 'GET',
    path: `${P}getfield`,
    summary: '会员注册资料项设置（姓名、性别、生日：是否填写、是否必填）',
    body: z.object({}),
    data: z.array(s.regFieldRow),
    permission: free.view,
  }),
  getfieldconfig: endpoint({
    method: 'GET',
    path: `${P}getfieldconfig`,
    summary: '可设置的注册资料项目录',
    body: z.object({}),
    data: z.array(s.regFieldCatalogue),
    permission: free.view,
  }),
  getconfig: endpoint({
    method: 'GET',
    path: `${P}getconfig`,
    summary: '会员设置：免费等级、付费等级是否开启，会员审核',
    body: z.object({}),
    data: s.memberConfig,
    permission: eitherView,
  }),
  changefree: endpoint({
    method: 'GET',
    path: `${P}changefree`,
    summary: '开启 / 关闭免费等级体系（on 1 / 0）',
    body: s.switchQuery,
    data: nothing,
    permission: free.edit,
  }),
  changepay: endpoint({
    method: 'GET',
    path: `${P}changepay`,
    summary: '开启 / 关闭付费等级体系（on 1 / 0）',
    body: s.switchQuery,
    data: nothing,
    permission: paid.edit,
  }),
  changefiled: endpoint({
    method: 'GET',
    path: `${P}changefiled`,
    summary: '开启 / 关闭一个注册资料项（key, on）',
    body: s.regFieldSwitchQuery,
    data: nothing,
    permission: free.edit,
  }),
  lvtask: endpoint({
    method: 'GET',
    path: `${P}lvtask`,
    summary: '成长任务设置（注册、完善资料、每日签到、消费每元）',
    body: z.object({}),
    data: z.array(s.levelTaskRow),
    permission: task.view,
  }),
  getlvchklist: endpoint({
    method: 'GET',
    path: `${P}getlvchklist`,
    summary: '启用中的等级（选择器用；needpay 可选）',
    body: s.levelChkQuery,
    data: z.array(s.levelPick),
    permission: 'renter',
  }),
  getlvrenovation: endpoint({
    method: 'GET',
    path: `${P}getlvrenovation`,
    summary: '等级装修：等级页外观与每个等级的卡面',
    body: z.object({}),
    data: s.renovationData,
    permission: decorate.view,
  }),
  save: endpoint({
    method: 'POST',
    path: `${P}save`,
    summary: '新建或保存等级，回答 id',
    body: s.levelSaveBody,
    data: z.object({ id: z.string() }),
    permission: eitherEdit,
    idempotent: true,
  }),
  savefield: endpoint({
    method: 'POST',
    path: `${P}savefield`,
    summary: '保存注册资料项设置',
    body: s.regFieldSaveBody,
    data: nothing,
    permission: free.edit,
  }),
  savelvtask: endpoint({
    method: 'POST',
    path: `${P}savelvtask`,
    summary: '保存成长任务设置',
    body: s.levelTaskSaveBody,
    data: nothing,
    permission: task.edit,
  }),
  getlvlist: endpoint({
    method: 'POST',
    path: `${P}getlvlist`,
    summary: '等级列表（分页、关键字、状态、排序）含持有人数',
    body: s.levelListBody,
    data: listOf(s.levelRow),
    permission: eitherView,
  }),
  savelvrenovation: endpoint({
    method: 'POST',
    path: `${P}savelvrenovation`,
    summary: '保存等级装修（页面外观与卡面）',
    body: s.renovationSaveBody,
    data: nothing,
    permission: decorate.edit,
  }),
  GetRecordList: endpoint({
    method: 'POST',
    path: `${P}GetRecordList`,
    summary: '等级购买记录（付费等级的购买与后台设置；按等级、手机号、时间筛选）',
    body: s.grantListBody,
    data: listOf(s.grantRow),
    permission: buyrecord.view,
  }),
  GetLvList: endpoint({
    method: 'POST',
    path: '/Config/Lv/GetLvList',
    summary: '全部等级的名称（其他页面筛选用，含停用的）',
    body: z.object({ needpay: z.number().int().min(-1).max(1).optional().default(-1) }),
    data: z.array(s.levelPick),
    permission: 'renter',
  }),
  GetAllLvData: endpoint({
    method: 'POST',
    path: '/Config/Lv/GetAllLvData',
    summary: '全部等级及权益、持有人数与等级体系开关（会员详情、画像用）',
    body: z.object({}),
    data: s.allLevelData,
    permission: 'renter',
  }),
  GetGroupLosgPage: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetGroupLosgPage',
    summary: '成长值记录（全部会员或一个会员；手机号、来源、时间筛选），含变动前后等级与操作人',
    body: s.growthLogBody,
    data: listOf(s.growthLogRow),
    permission: growthLog.view,
  }),
};
