import { and, eq, sql } from 'drizzle-orm';
import { type Ctx, actorOf, inTx } from '@/core/context';
import { BizError } from '@/core/errors';
import { tenantOf } from '@/core/tenant';
import { levelForGrowth, levelName } from '@/modules/members/levels/level-lookup';
import { memberEvent } from '@/modules/members/member-events';
import { foundMember, memberMissing } from '@/modules/members/members.repository';
import { growthRecords, members } from '@/modules/members/members.tables';

/** GROWTH_KIND: where a growth change comes from. */
export const GROWTH_KIND = { staff: 1, task: 2, order: 3, import: 4, refund: 5 } as const;

export const GROWTH_MAX = 100_000_000;

export interface GrowthChange {
  memberId: string;
  /** Added (positive) or taken (negative). */
  change: number;
  kind: (typeof GROWTH_KIND)[keyof typeof GROWTH_KIND];
  reason: string;
}

export interface GrowthResult {
  growth: number;
  levelId: string | null;
  levelName: string;
  levelChanged: boolean;
}

/**
 * Changes a member's growth and, in the same transaction with the member row locked, the free level it implies; writes
 * the growth record (成长值记录) and, when the level moves, a line of the member's history. Concurrent changes of one
 * member queue on the row lock, so none is lost and the level always matches the final growth. Growth never goes
 * below 0 ('扣减后成长值不能小于0').
 */
export async function changeGrowth(ctx: Ctx, g: GrowthChange): Promise<GrowthResult> {
  return inTx(ctx, async (tx) => {
    const tenant = tenantOf(tx);
    const m = await foundMember(tenant, g.memberId, true);
    if (m.kind !== 1) throw memberMissing();
    const growth = m.growth + g.change;
    if (growth < 0) throw new BizError('扣减后成长值不能小于0');
    if (growth > GROWTH_MAX) throw new BizError(`成长值不能超过${GROWTH_MAX}`);
    const level = await levelForGrowth(tenant, growth);
    const levelId = level?.id ?? null;
    const before = await levelName(tenant, m.levelId);
    await tenant.db
      .update(members)
      .set({ growth, levelId, updatedAt: sql`now()` })
      .where(and(eq(members.renterId, tenant.renterId), eq(members.id, g.memberId)));
    const a = actorOf(tx);
    await tenant.db.insert(growthRecords).values({
      renterId: tenant.renterId,
      memberId: g.memberId,
      change: g.change,
      growthAfter: growth,
      kind: g.kind,
      reason: g.reason,
      levelBefore: before,
      levelAfter: level?.name ?? '',
      operatorId: a.kind === 'staff' ? a.session.userId : null,
    });
    const levelChanged = levelId !== m.levelId;
    if (levelChanged) {
      await memberEvent(tx, tenant, g.memberId, 'level', level ? `等级变为${level.name}` : '等级已取消', `成长值 ${growth}`);
    }
    return { growth, levelId, levelName: level?.name ?? '', levelChanged };
  });
}
