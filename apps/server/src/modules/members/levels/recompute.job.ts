import { type Ctx, inTx } from '@/core/context';
import { defineJob, sendJob } from '@/core/jobs';
import { tenantFor } from '@/core/tenant';
import { levelRepo } from './levels.repository';

export const RECOMPUTE_JOB = 'members.levels.recompute';

interface RecomputeData {
  renterId: string;
}

/**
 * Sends the renter's level recompute in tx (a threshold changed, a free level was turned on or off): it runs after
 * the commit. One waiting job per renter: several changes in a row need one run.
 */
export async function sendRecompute(tx: Ctx, renterId: string): Promise<void> {
  await sendJob(tx, RECOMPUTE_JOB, { renterId } satisfies RecomputeData, { singletonKey: renterId });
}

/**
 * Every member's free level set to what their growth reaches now: one set-based UPDATE (levelRepo.recompute), no
 * history line per member (a bulk change the merchant made; the operation log has the level change). Idempotent.
 */
export const recomputeJob = defineJob<RecomputeData>({
  name: RECOMPUTE_JOB,
  policy: 'short',
  expireInSeconds: 600,
  retryLimit: 3,
  retryDelaySeconds: 5,
  async handler(ctx, data) {
    const n = await inTx(ctx, (tx) => levelRepo.recompute(tenantFor(tx, data.renterId)));
    if (n > 0) ctx.log.info({ n, renterId: data.renterId }, 'member levels recomputed');
  },
});
