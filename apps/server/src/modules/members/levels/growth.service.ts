import { randomUUID } from 'node:crypto';
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
  /**
   * Unique per renter (growth_records.idem_key): a change whose key was used changes nothing and answers the first
   * change's result. 'staff:<user>:<request key>' (growthKeyOfCall), 'task:<member>:<task>', 'import:<member>'.
   */
  key: string;
}

export interface GrowthResult {
  growth: number;
  levelId: string | null;
  levelName: string;
  levelChanged: boolean;
  /** The key had been used: nothing changed; growth and level are the first change's (levelId the member's now). */
  repeated: boolean;
}

/**
 * The key of a staff change made by a call: the call's Idempotency-Key (a retry of the same action, the contract marks
 * MemberOper idempotent) scoped to the user, else a key of its own (a call without one cannot be told from a new one).
 */
export function growthKeyOfCall(ctx: Ctx): string {
  const a = actorOf(ctx);
  const user = a.kind === 'staff' ? a.session.userId : a.kind;
  return ctx.requestKey ? `staff:${user}:${ctx.requestKey}` : `staff:${user}:${randomUUID()}`;
}

/**
 * Changes a member's growth and, in the same transaction with the member row locked, the free level it implies; writes
 * the growth record (成长值记录) and, when the level moves, a line of the member's history. Concurrent changes of one
 * member queue on the row lock, so none is lost and the level always matches the final growth. Growth never goes
 * below 0 ('扣减后成长值不能小于0'). A key already used (looked for under the row lock) changes nothing: the first
 * change's result is answered with `repeated`.
 */
export async function changeGrowth(ctx: Ctx, g: GrowthChange): Promise<GrowthResult> {
  return inTx(ctx, async (tx) => {
    const tenant = tenantOf(tx);
    const m = await foundMember(tenant, g.memberId, true);
    // Under the member's lock: a concurrent change with the same key has committed its record, or not begun.
    const [first] = await tenant.db
      .select()
      .from(growthRecords)
      .where(and(eq(growthRecords.renterId, tenant.renterId), eq(growthRecords.idemKey, g.key)))
      .limit(1);
    if (first) {
      if (first.memberId !== g.memberId) throw new Error(`growth key ${g.key} was used for another member`);
      const levelChanged = first.levelBefore !== first.levelAfter;
      return { growth: first.growthAfter, levelId: m.levelId, levelName: first.levelAfter, levelChanged, repeated: true };
    }
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
      idemKey: g.key,
    });
    const levelChanged = levelId !== m.levelId;
    if (levelChanged) {
      await memberEvent(tx, tenant, g.memberId, 'level', level ? `等级变为${level.name}` : '等级已取消', `成长值 ${growth}`);
    }
    return { growth, levelId, levelName: level?.name ?? '', levelChanged, repeated: false };
  });
}
