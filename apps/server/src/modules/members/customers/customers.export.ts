import { CLIENT_EXPORT_MAX, type ClientFilter, clientFilter } from '@shop/contract';
import { BizError } from '@/core/errors';
import type { Ctx } from '@/core/context';
import { type Tenant, tenantOf } from '@/core/tenant';
import { fmtDay } from '@/core/time';
import { customersRepo as repo } from './customers.repository';
import { clientRowOf } from './customers.service';
import { EXPORT_PAGE, type ExportKind, startExport } from './export-task';

export const CUSTOMERS_EXPORT = 'customers';

const COLUMNS = [
  { header: '手机号', key: 'phone', width: 14 },
  { header: '姓名', key: 'name', width: 12 },
  { header: '昵称', key: 'nickname', width: 14 },
  { header: '类型', key: 'kindText', width: 8 },
  { header: '性别', key: 'sexText', width: 6 },
  { header: '会员等级', key: 'levelName', width: 12 },
  { header: '标签', key: 'tags', width: 24 },
  { header: '来源', key: 'sourceText', width: 10 },
  { header: '状态', key: 'statusText', width: 8 },
  { header: '审核', key: 'auditText', width: 8 },
  { header: '消费次数', key: 'orderCount', width: 10 },
  { header: '累计消费(元)', key: 'spend', width: 12 },
  { header: '最近消费时间', key: 'lastOrderTime', width: 20 },
  { header: '储值余额(元)', key: 'balance', width: 12 },
  { header: '积分', key: 'points', width: 10 },
  { header: '成长值', key: 'growth', width: 10 },
  { header: '注册时间', key: 'createTime', width: 20 },
  { header: '成为会员时间', key: 'memberTime', width: 20 },
];

/** Every tag name of an exported row (the list shows a few; the file all). */
const ALL_TAGS = 1000;

async function* pages(tenant: Tenant, params: Record<string, unknown>) {
  const f = clientFilter.parse(params);
  const now = new Date();
  const where = await repo.filterWhere(tenant, f, now);
  let after: { at: Date; id: string } | null = null;
  let left = CLIENT_EXPORT_MAX;
  while (left > 0) {
    const rows = await repo.batchAfter(tenant, where, after, Math.min(EXPORT_PAGE.rows, left), now);
    if (!rows.length) return;
    const tags = await repo.tagsOf(
      tenant,
      rows.map((r) => r.id),
      ALL_TAGS,
    );
    yield rows.map((r) => {
      const c = clientRowOf(r, tags.get(r.id));
      return { ...c, tags: c.tags.join('、'), statusText: r.status === 1 ? '正常' : '禁用' };
    });
    const last = rows[rows.length - 1];
    after = { at: last.createdAt, id: last.id };
    left -= rows.length;
    if (rows.length < EXPORT_PAGE.rows) return;
  }
}

/** 客户查询's background export (kind `customers`). */
export const customersExportKind: ExportKind = { sheet: '客户', columns: COLUMNS, pages };

/** ExportUsers: counts the filter (refusing more than CLIENT_EXPORT_MAX) and starts the background export. */
export async function exportCustomers(ctx: Ctx, f: ClientFilter) {
  const tenant = tenantOf(ctx);
  const total = await repo.count(tenant, await repo.filterWhere(tenant, f, new Date()));
  if (total === 0) throw new BizError('没有符合条件的客户可导出');
  if (total > CLIENT_EXPORT_MAX) throw new BizError(`一次最多导出${CLIENT_EXPORT_MAX}个客户，请缩小筛选范围`);
  const stamp = fmtDay(new Date()).replaceAll('-', '');
  return startExport(ctx, CUSTOMERS_EXPORT, f as unknown as Record<string, unknown>, total, `客户列表-${stamp}.xlsx`);
}
