import { z } from 'zod';
import { anyGrant, endpoint, listOf, menuPermission, nothing } from '../core/endpoint';
import * as s from './member-groups.schemas';

const groups = menuPermission('mebgroup');
const tags = menuPermission('labeltag');
/** The rule editor's calls: the group editor's and the automatic tag editor's. */
const ruleEditor = anyGrant(groups.view, tags.view);

/** /Client/Customer/ groups (会员分组 /mebgroup, 编辑分组 /EditGroup) and the rule editor's count and options. */
export const memberGroupsEndpoints = {
  GetGropList: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetGropList',
    summary: '会员分组列表（分页、关键字、按名称/人数/创建时间排序），人数为上次统计',
    body: s.groupListBody,
    data: listOf(s.groupRow),
    permission: groups.view,
  }),
  SaveGroup: endpoint({
    method: 'POST',
    path: '/Client/Customer/SaveGroup',
    summary: '新建或保存分组（名称、条件、备注），保存时统计人数，回答 id',
    body: s.groupSaveBody,
    data: s.groupIdBody,
    permission: groups.edit,
    idempotent: true,
  }),
  GetGroupInfo: endpoint({
    method: 'POST',
    path: '/Client/Customer/GetGroupInfo',
    summary: '分组详情与条件',
    body: s.groupIdBody,
    data: s.groupRow,
    permission: groups.view,
  }),
  DelGroups: endpoint({
    method: 'POST',
    path: '/Client/Customer/DelGroups',
    summary: '删除分组（手动加入的成员关系一并删除，会员不受影响）',
    body: s.groupIdsBody,
    data: nothing,
    permission: groups.delete,
  }),
  RefreshGroupCount: endpoint({
    method: 'POST',
    path: '/Client/Customer/RefreshGroupCount',
    summary: '刷新人数：重新统计一个分组当前的人数',
    body: s.groupIdBody,
    data: s.groupCountData,
    permission: groups.edit,
  }),
  GroupMembers: endpoint({
    method: 'POST',
    path: '/Client/Customer/GroupMembers',
    summary: '分组当前的成员（分页）：手机号、姓名、等级、消费',
    body: s.groupMembersBody,
    data: listOf(s.groupMemberRow),
    permission: groups.view,
  }),
  CountRule: endpoint({
    method: 'POST',
    path: '/Client/Customer/CountRule',
    summary: '条件当前命中的会员人数（编辑分组、自动标签时实时统计）',
    body: s.countRuleBody,
    data: s.countRuleData,
    permission: ruleEditor,
  }),
  RuleOptions: endpoint({
    method: 'POST',
    path: '/Client/Customer/RuleOptions',
    summary: '条件编辑器的选项：会员等级、标签、权益卡',
    body: z.object({}),
    data: s.ruleOptionsData,
    permission: ruleEditor,
  }),
};
