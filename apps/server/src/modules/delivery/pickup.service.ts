import { H5_PICKUP_MAX, type pickListBody, type savePickBody } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE, fieldError } from '@/core/errors';
import { pageWindow } from '@/core/paging';
import { type Tenant, tenantOf } from '@/core/tenant';
import { fmtTime } from '@/core/time';
import { areaPathNames } from '@/modules/login';
import { memberOfUser, staffNamesByIds, staffPage } from '@/modules/team';
import { type PickRow, pickRepo } from './delivery.repository';

type SaveInput = z.output<typeof savePickBody>;
type ListInput = z.output<typeof pickListBody>;

const PICK_NOT_FOUND = '自提点不存在';
const notFound = () => new BizError(PICK_NOT_FOUND, CODE.notFound);

async function found(tenant: Tenant, id: string, forUpdate = false): Promise<PickRow> {
  const p = await pickRepo.byId(tenant, id, forUpdate);
  if (!p) throw notFound();
  return p;
}

/** Rows for the console: area names, and only the verifiers still on the staff (with their names). */
async function rowsOf(tenant: Tenant, points: PickRow[]) {
  const names = await staffNamesByIds(
    tenant,
    points.flatMap((p) => p.staffIds),
  );
  const areaNames = await Promise.all(points.map((p) => areaPathNames(tenant.db, p.area)));
  return points.map((p, i) => {
    const staffIds = p.staffIds.filter((id) => names.has(id));
    return {
      id: p.id,
      name: p.name,
      area: p.area,
      areaName: (areaNames[i] ?? []).join(' '),
      address: p.address,
      lng: p.lng,
      lat: p.lat,
      phone: p.phone,
      days: p.hours.days,
      hours: p.hours.ranges,
      staffIds,
      staffNames: staffIds.map((id) => names.get(id) || '未命名员工'),
      status: p.status,
      createTime: fmtTime(p.createdAt),
    };
  });
}

export async function list(ctx: Ctx, q: ListInput) {
  const tenant = tenantOf(ctx);
  const { rows, total } = await pickRepo.page(tenant, { keyword: q.keyword, status: q.status, sorter: q.sorter, ...pageWindow(q) });
  return { rows: await rowsOf(tenant, rows), total_count: total };
}

export async function detail(ctx: Ctx, id: string) {
  const tenant = tenantOf(ctx);
  const [row] = await rowsOf(tenant, [await found(tenant, id)]);
  return row;
}

/** SavePick: the area must be a province › city › district path, the verifiers staff of the enterprise. */
export async function save(ctx: Ctx, input: SaveInput): Promise<{ id: string }> {
  const { renterId, userId } = renterOf(ctx);
  if (!(await areaPathNames(ctx.db, input.area))) throw fieldError('area', '所在地区不正确');
  const staffIds = [...new Set(input.staffIds)];
  if (staffIds.length > 0) {
    const known = await staffNamesByIds(tenantOf(ctx), staffIds);
    if (known.size !== staffIds.length) throw fieldError('staffIds', '核销员不存在');
  }
  const values = {
    name: input.name,
    area: input.area,
    address: input.address,
    lng: input.lng,
    lat: input.lat,
    phone: input.phone,
    hours: { days: [...new Set(input.days)].sort(), ranges: input.hours },
    staffIds,
  };
  return inTx(ctx, async (tx) => {
    if (input.id) {
      const before = await found(tenantOf(tx), input.id, true);
      const status = input.status ?? before.status;
      await pickRepo.update(tenantOf(tx), before.id, { ...values, status });
      await audit(tx, {
        module: 'delivery',
        action: '编辑自提点',
        recordId: before.id,
        before: logOf(before),
        after: { ...values, status },
      });
      return { id: before.id };
    }
    const created = await pickRepo.insert(tx.db, { renterId, createdBy: userId, ...values, status: input.status ?? 1 });
    await audit(tx, { module: 'delivery', action: '新建自提点', recordId: created.id, after: logOf(created) });
    return { id: created.id };
  });
}

const logOf = (p: PickRow) => ({
  name: p.name,
  area: p.area,
  address: p.address,
  lng: p.lng,
  lat: p.lat,
  phone: p.phone,
  hours: p.hours,
  staffIds: p.staffIds,
  status: p.status,
});

export async function setStatus(ctx: Ctx, id: string, status: 0 | 1) {
  await inTx(ctx, async (tx) => {
    const before = await found(tenantOf(tx), id, true);
    await pickRepo.update(tenantOf(tx), id, { status });
    await audit(tx, {
      module: 'delivery',
      action: status === 1 ? '启用自提点' : '停用自提点',
      recordId: id,
      before: { name: before.name, status: before.status },
      after: { status },
    });
  });
}

export async function remove(ctx: Ctx, id: string) {
  await inTx(ctx, async (tx) => {
    const before = await found(tenantOf(tx), id, true);
    await pickRepo.delete(tenantOf(tx), id);
    await audit(tx, { module: 'delivery', action: '删除自提点', recordId: id, before: logOf(before) });
  });
}

/** PickStaffOptions: active staff of the enterprise (first 200 by the keyword), to choose verifiers from. */
export async function staffOptions(ctx: Ctx, keyword: string) {
  const { rows } = await staffPage(tenantOf(ctx), { keyword, roleId: '', status: 1, sorter: [], offset: 0, limit: 200 });
  return rows.map((r) => ({ id: r.s.id, name: r.s.name || r.phone, phone: r.phone }));
}

/** /h5/Pickup/List: the shop's enabled points a customer may choose at checkout (newest first, at most 100). */
export async function enabledPoints(ctx: Ctx) {
  const tenant = tenantOf(ctx);
  const { rows } = await pickRepo.page(tenant, { keyword: '', status: 1, sorter: [], offset: 0, limit: H5_PICKUP_MAX });
  const areaNames = await Promise.all(rows.map((p) => areaPathNames(tenant.db, p.area)));
  return {
    rows: rows.map((p, i) => ({
      id: p.id,
      name: p.name,
      areaText: (areaNames[i] ?? []).join(' '),
      address: p.address,
      phone: p.phone,
      days: p.hours.days,
      hours: p.hours.ranges,
    })),
  };
}

/** A pick-up point a checkout may choose: enabled, of the enterprise; undefined otherwise. For the order core. */
export async function pickupPointOf(tenant: Tenant, id: string) {
  const p = await pickRepo.byId(tenant, id);
  if (p?.status !== 1) return undefined;
  return { id: p.id, name: p.name, area: p.area, address: p.address, phone: p.phone, lng: p.lng, lat: p.lat, hours: p.hours };
}

/** Names of pick-up points by id (disabled ones too; a deleted one is missing). For the order core's 核销 screens. */
export const pickupPointNames = (tenant: Tenant, ids: string[]) => pickRepo.names(tenant, ids);

/**
 * Whether this user may verify pick-up codes at the point: the point's verifiers when it names any (the owner too),
 * else every staff member of the enterprise. The caller checks the menu grant (核销) itself. For the order core.
 */
export async function staffMayVerifyAt(tenant: Tenant, pointId: string, userId: string): Promise<boolean> {
  const p = await pickRepo.byId(tenant, pointId);
  if (!p) return false;
  const member = await memberOfUser(tenant, userId);
  if (!member) return false;
  const verifiers = p.staffIds.length > 0 ? await staffNamesByIds(tenant, p.staffIds) : new Map<string, string>();
  if (verifiers.size === 0) return true;
  if (verifiers.has(member.id)) return true;
  return member.roleIsOwner;
}
