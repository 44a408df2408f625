import { z } from 'zod';
import { endpoint, listOf, nothing, menuPermission } from '../core/endpoint';
import { goodsIdBody, goodsIdsBody } from './goods-common.schemas';
import * as s from './goods-spec.schemas';

const screen = menuPermission('addspecification');

/** /Goods/GoodsSpec/: spec templates (商品规格, screen /addspecification). */
export const goodsSpecEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/Goods/GoodsSpec/list',
    summary: '规格模板分页（关键字匹配模板名称）',
    body: s.specTemplateListBody,
    data: listOf(s.specTemplateRow),
    permission: screen.view,
  }),
  all: endpoint({
    method: 'POST',
    path: '/Goods/GoodsSpec/all',
    summary: '全部规格模板（商品表单导入用）',
    body: z.object({}),
    data: z.array(s.specTemplateOption),
    permission: 'renter',
  }),
  detail: endpoint({
    method: 'POST',
    path: '/Goods/GoodsSpec/detail',
    summary: '规格模板详情',
    body: goodsIdBody,
    data: s.specTemplateRow,
    permission: screen.view,
  }),
  save: endpoint({
    method: 'POST',
    path: '/Goods/GoodsSpec/save',
    summary: '新建或保存规格模板，回答 id',
    body: s.specTemplateSaveBody,
    data: z.object({ id: z.string() }),
    permission: screen.edit,
    idempotent: true,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/Goods/GoodsSpec/delete',
    summary: '批量删除规格模板',
    body: goodsIdsBody,
    data: nothing,
    permission: screen.delete,
  }),
};
