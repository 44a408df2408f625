import { z } from 'zod';
import { endpoint, listOf, nothing, menuPermission } from '../core/endpoint';
import { goodsIdBody, goodsSortBody, goodsStateBody } from './goods-common.schemas';
import * as s from './good-unit.schemas';

const unit = menuPermission('Unit');

/** /Goods/GoodUnit/: units of measure for goods (screen /Unit). */
export const goodUnitEndpoints = {
  all: endpoint({
    method: 'POST',
    path: '/Goods/GoodUnit/all',
    summary: '启用的单位（选择器用）',
    body: z.object({}),
    data: z.array(s.goodUnitPickRow),
    // A read-only picker the goods screens use too.
    permission: 'renter',
  }),
  list: endpoint({
    method: 'POST',
    path: '/Goods/GoodUnit/list',
    summary: '单位列表（分页、关键字、排序）',
    body: s.goodUnitListBody,
    data: listOf(s.goodUnitRow),
    permission: unit.view,
  }),
  save: endpoint({
    method: 'POST',
    path: '/Goods/GoodUnit/save',
    summary: '新建或保存单位，回答 id',
    body: s.goodUnitSaveBody,
    data: z.object({ id: z.string() }),
    permission: unit.edit,
    idempotent: true,
  }),
  updateState: endpoint({
    method: 'POST',
    path: '/Goods/GoodUnit/updateState',
    summary: '启用 / 禁用（status 1 / 0）',
    body: goodsStateBody,
    data: nothing,
    permission: unit.edit,
  }),
  unit: endpoint({
    method: 'POST',
    path: '/Goods/GoodUnit/unit',
    summary: '单位详情',
    body: goodsIdBody,
    data: s.goodUnitRow,
    permission: unit.view,
  }),
  sort: endpoint({
    method: 'POST',
    path: '/Goods/GoodUnit/sort',
    summary: '保存排序值 {list:[{id,sort}]}，小的在前，同一企业内不重复',
    body: goodsSortBody,
    data: nothing,
    permission: unit.edit,
  }),
  movesort: endpoint({
    method: 'POST',
    path: '/Goods/GoodUnit/movesort',
    summary: '上移 / 下移（与相邻单位交换）/ 置顶',
    body: s.goodUnitMoveBody,
    data: nothing,
    permission: unit.edit,
  }),
};
