import { endpoint, listOf, menuPermission } from '../core/endpoint';
import * as s from './verify.schemas';

const tool = menuPermission('verificationTool');
const records = menuPermission('TakeList');

/**
 * 核销工具 and 核销记录 (names ours: the spec lists the screens, not their calls). The tool has its own grant, so a
 * counter clerk verifies without the order lists; the spec's /Order/GoodsOrder/… and /Order/FormOrder/… calls stay.
 */
export const verifyEndpoints = {
  Check: endpoint({
    method: 'POST',
    path: '/Order/Verify/Check',
    summary: '核销工具：识别核销码，列出它对应的订单（自提订单 / 表单订单；同一码可能两者都有）',
    body: s.verifyCheckBody,
    data: s.verifyCheckData,
    permission: tool.view,
  }),
  Take: endpoint({
    method: 'POST',
    path: '/Order/Verify/Take',
    summary: '核销工具：确认核销（按核销码与类型）',
    body: s.verifyTakeBody,
    data: s.verifyMatch,
    permission: tool.edit,
  }),
  List: endpoint({
    method: 'POST',
    path: '/Order/Verify/List',
    summary: '核销记录：自提与表单订单的全部核销，按时间',
    body: s.verifyListBody,
    data: listOf(s.verifyListRow),
    permission: records.view,
  }),
  StaffOptions: endpoint({
    method: 'POST',
    path: '/Order/Verify/StaffOptions',
    summary: '核销记录：核销人筛选项',
    body: s.verifyStaffBody,
    data: s.verifyStaffOptions,
    permission: records.view,
  }),
};
