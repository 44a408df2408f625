import { endpoint, listOf, menuPermission, nothing } from '../core/endpoint';
import * as s from './tags.schemas';

const tags = menuPermission('labeltag');

/** /Config/Tags/: member tags (标签管理 /labeltag, 编辑标签 /labeltag/edittag). Bulk tagging (CreateTgas, DeleteTgs) lives with the customer query. */
export const tagsEndpoints = {
  GetTagList: endpoint({
    method: 'POST',
    path: '/Config/Tags/GetTagList',
    summary: '全部标签（选择器用）：id、名称、类型、人数',
    body: s.tagListBody.pick({ keyword: true }).partial(),
    data: s.tagPickRow.array(),
    // A picker the customer query, member detail and rule editors read.
    permission: 'renter',
  }),
  list: endpoint({
    method: 'POST',
    path: '/Config/Tags/list',
    summary: '标签列表（分页、关键字、类型、按名称/人数/创建时间排序）',
    body: s.tagListBody,
    data: listOf(s.tagRow),
    permission: tags.view,
  }),
  detail: endpoint({
    method: 'POST',
    path: '/Config/Tags/detail',
    summary: '标签详情（含自动标签的条件）',
    body: s.tagIdBody,
    data: s.tagRow,
    permission: tags.view,
  }),
  save: endpoint({
    method: 'POST',
    path: '/Config/Tags/save',
    summary: '新建或保存标签，回答 id；自动标签保存后在后台重新计算成员',
    body: s.tagSaveBody,
    data: s.tagIdBody,
    permission: tags.edit,
    idempotent: true,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/Config/Tags/delete',
    summary: '删除标签（会员身上的该标签一并移除）',
    body: s.tagIdsBody,
    data: nothing,
    permission: tags.delete,
  }),
  getScoreUIDS: endpoint({
    method: 'POST',
    path: '/Config/Tags/getScoreUIDS',
    summary: '条件（或已存标签）当前命中的会员：人数与最新的20位',
    body: s.scoreBody,
    data: s.scoreData,
    permission: tags.view,
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/Config/Tags/refresh',
    summary: '立即重新计算自动标签的成员（后台任务），回答上次计算时间',
    body: s.tagIdBody,
    data: s.tagRefreshData,
    permission: tags.edit,
  }),
};
