import type { returnScoreConfigBody } from '@shop/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { audit } from '@/core/audit';
import { type Ctx, inTx, renterOf } from '@/core/context';
import { fmtTime } from '@/core/time';
import { goodsReturnScoreConfigs } from '@/db/schema';

type ConfigInput = z.output<typeof returnScoreConfigBody>;

const DEFAULTS = { enabled: false, pointsPerYuan: 1, timing: 1 as 1 | 2, maxPerOrder: 0 };

/** 购物返积分: the enterprise's setting, or the defaults (off, 1 point per yuan, on receipt, no cap) before it saves one. */
export async function getConfig(ctx: Ctx) {
  const { renterId } = renterOf(ctx);
  const [r] = await ctx.db.select().from(goodsReturnScoreConfigs).where(eq(goodsReturnScoreConfigs.renterId, renterId)).limit(1);
  if (!r) return { ...DEFAULTS, updateTime: '' };
  return {
    enabled: r.enabled,
    pointsPerYuan: r.pointsPerYuan,
    timing: r.timing as 1 | 2,
    maxPerOrder: r.maxPerOrder,
    updateTime: fmtTime(r.updatedAt),
  };
}

/** Saves the setting (one row per enterprise). Nothing gives points yet: orders will read it. */
export async function setConfig(ctx: Ctx, input: ConfigInput) {
  const { renterId, userId } = renterOf(ctx);
  await inTx(ctx, async (tx) => {
    const [before] = await tx.db.select().from(goodsReturnScoreConfigs).where(eq(goodsReturnScoreConfigs.renterId, renterId)).for('update');
    const values = { ...input, updatedBy: userId, updatedAt: new Date() };
    await tx.db
      .insert(goodsReturnScoreConfigs)
      .values({ renterId, ...values })
      .onConflictDoUpdate({ target: goodsReturnScoreConfigs.renterId, set: values });
    await audit(tx, { module: 'goods', action: '设置购物返积分', recordId: renterId, before: before ?? null, after: input });
  });
}
