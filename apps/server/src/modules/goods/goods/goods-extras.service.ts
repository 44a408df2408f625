import { fenToYuan, type GoodsDelivery, type goodsLogisticsBody, type goodsSaveBody } from '@shop/contract';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx } from '@/core/context';
import { BizError, CODE, fieldError } from '@/core/errors';
import { parseTime } from '@/core/time';
import { checkFreightTemplate } from '@/modules/delivery';
import { type GoodsRow, goodsRepo } from './goods.repository';
import { propertyKeyRepo } from './property-keys.repository';
import type { Tenant } from '@/core/tenant';
import { tenantOf } from '@/core/tenant';

type SaveInput = z.output<typeof goodsSaveBody>;
type LogisticsInput = z.output<typeof goodsLogisticsBody>;

const notFound = () => new BizError('商品不存在', CODE.notFound);

/** Delivery methods in their fixed order (express, pickup, local), whatever order they came in. */
const DELIVERY_ORDER: GoodsDelivery[] = ['express', 'pickup', 'local'];
const ordered = (d: GoodsDelivery[]) => DELIVERY_ORDER.filter((x) => d.includes(x));

/**
 * The freight template column: mode 2 needs one of the enterprise's enabled templates (a goods may keep the one it
 * has, disabled since: keptId); mode 1 stores none (a template it names must exist all the same).
 */
async function templateOf(tenant: Tenant, mode: number, id: string | null, keptId?: string | null): Promise<string | null> {
  if (mode !== 2) {
    // Not used with a flat fee, but a template named must still be one of the enterprise's (another's is no template).
    if (id) await checkFreightTemplate(tenant, id, id);
    return null;
  }
  await checkFreightTemplate(tenant, id, keptId);
  return id;
}

/**
 * The delivery, post-fee mode, warranty and extension columns of a goods being saved, checked. Call it inside the
 * save's transaction: it holds the property-key lock (shared) so a key found here is not deleted before the commit.
 */
export async function extrasOfSave(
  tenant: Tenant,
  input: Pick<SaveInput, 'delivery' | 'postFeeMode' | 'freightTemplateId' | 'warrantyDays' | 'extensions'>,
  keptTemplateId?: string | null,
) {
  const freightTemplateId = await templateOf(tenant, input.postFeeMode, input.freightTemplateId, keptTemplateId);
  const extensions = input.extensions;
  if (extensions.length) {
    await propertyKeyRepo.lockShared(tenant);
    const keys = new Map((await propertyKeyRepo.byIds(tenant, [...new Set(extensions.map((e) => e.key))])).map((k) => [k.id, k]));
    const seen = new Set<string>();
    for (const e of extensions) {
      const k = keys.get(e.key);
      if (!k) throw fieldError('extensions', '扩展属性不存在，请刷新后重新选择');
      if (seen.has(e.key)) throw fieldError('extensions', `扩展属性「${k.name}」重复`);
      seen.add(e.key);
    }
  }
  return {
    delivery: ordered(input.delivery),
    postFeeMode: input.postFeeMode,
    freightTemplateId,
    warrantyDays: input.warrantyDays,
    extensions: extensions.map((e) => ({ key: e.key, value: e.value })),
  };
}

/** The fields detail answers for those columns; extensions carry their key's current name. */
export async function extrasOfDetail(tenant: Tenant, g: GoodsRow) {
  const keys = new Map((await propertyKeyRepo.byIds(tenant, [...new Set(g.extensions.map((e) => e.key))])).map((k) => [k.id, k.name]));
  return {
    delivery: g.delivery,
    postFeeMode: g.postFeeMode,
    freightTemplateId: g.freightTemplateId,
    warrantyDays: g.warrantyDays,
    extensions: g.extensions.filter((e) => keys.has(e.key)).map((e) => ({ key: e.key, name: keys.get(e.key) ?? '', value: e.value })),
  };
}

async function allFound(tenant: Tenant, ids: string[]): Promise<GoodsRow[]> {
  const unique = [...new Set(ids)];
  const rows = await goodsRepo.byIds(tenant, unique);
  if (rows.length !== unique.length) throw notFound();
  return rows;
}

export const MEMBER_FLAGS = {
  joinvip: { column: 'joinVip', on: '参与会员折扣', off: '不参与会员折扣' },
  showvipprice: { column: 'showVipPrice', on: '显示会员价', off: '不显示会员价' },
  havevipprice: { column: 'haveVipPrice', on: '有会员价', off: '无会员价' },
} as const;
export type MemberFlag = keyof typeof MEMBER_FLAGS;

/** joinvip / showvipprice / havevipprice: one member-price flag set on several goods. */
export async function setMemberFlag(ctx: Ctx, flag: MemberFlag, ids: string[], value: boolean) {
  const { column, on, off } = MEMBER_FLAGS[flag];
  await inTx(ctx, async (tx) => {
    const rows = await allFound(tenantOf(tx), ids);
    await goodsRepo.update(
      tenantOf(tx),
      rows.map((r) => r.id),
      { [column]: value },
    );
    await audit(tx, {
      module: 'goods',
      action: `批量设置${value ? on : off}`,
      recordId: rows.map((r) => r.id).join(','),
      before: rows.map((r) => ({ id: r.id, [flag]: r[column] })),
      after: { [flag]: value },
    });
  });
}

/** BatchEditGoodsLogistics: the same delivery methods and flat post fee on several goods. */
export async function editLogistics(ctx: Ctx, input: LogisticsInput) {
  await inTx(ctx, async (tx) => {
    const freightTemplateId = await templateOf(tenantOf(tx), input.postFeeMode, input.freightTemplateId);
    const values = { delivery: ordered(input.delivery), postFeeMode: input.postFeeMode, postFeeFen: input.postFee, freightTemplateId };
    const rows = await allFound(tenantOf(tx), input.ids);
    await goodsRepo.update(
      tenantOf(tx),
      rows.map((r) => r.id),
      values,
    );
    await audit(tx, {
      module: 'goods',
      action: '批量修改物流',
      recordId: rows.map((r) => r.id).join(','),
      before: rows.map((r) => ({ id: r.id, delivery: r.delivery, postFeeMode: r.postFeeMode, postFee: fenToYuan(r.postFeeFen) })),
      after: { delivery: values.delivery, postFeeMode: values.postFeeMode, postFee: fenToYuan(input.postFee), freightTemplateId },
    });
  });
}

/**
 * SetStartSale: a time schedules the goods (status 2, 定时开售; on sale or off the shelf before, they wait for that
 * time); null drops the schedule of the scheduled ones, which go back to the warehouse (status 0).
 */
export async function setStartSale(ctx: Ctx, ids: string[], startSaleAt: string | null, now = new Date()) {
  let at: Date | null = null;
  if (startSaleAt !== null) {
    at = parseTime(startSaleAt);
    if (Number.isNaN(at.getTime())) throw fieldError('startSaleAt', '开售时间不正确');
    if (at.getTime() <= now.getTime()) throw fieldError('startSaleAt', '开售时间须晚于当前时间');
  }
  await inTx(ctx, async (tx) => {
    const rows = await allFound(tenantOf(tx), ids);
    const target = at ? rows : rows.filter((r) => r.status === 2);
    if (target.length) {
      await goodsRepo.update(
        tenantOf(tx),
        target.map((r) => r.id),
        at ? { status: 2, startSaleAt: at } : { status: 0, startSaleAt: null },
      );
    }
    await audit(tx, {
      module: 'goods',
      action: at ? '设置定时开售' : '取消定时开售',
      recordId: target.map((r) => r.id).join(','),
      before: target.map((r) => ({ id: r.id, status: r.status, startSaleAt: r.startSaleAt })),
      after: at ? { status: 2, startSaleAt } : { status: 0 },
    });
  });
}
