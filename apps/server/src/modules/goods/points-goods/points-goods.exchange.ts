import { type Ctx, inTx, renterOf } from '@/core/context';
import { BizError, CODE } from '@/core/errors';
import { pointsGoodsRepo as repo } from './points-goods.repository';
import { found } from './points-goods.service';
import { tenantOf } from '@/core/tenant';

export interface ExchangeInput {
  memberId: string;
  pointsGoodsId: string;
  qty: number;
  /** The enterprise, for callers without a staff session (the member's H5 later); defaults to the session's. */
  renterId?: string;
}

export interface ExchangeResult {
  exchangeId: string;
  /** Points and cash (fen) of the whole exchange. */
  points: number;
  cashFen: number;
}

/**
 * A member exchanges points-mall goods: one transaction that checks shelf status and the exchange window, counts the
 * member's earlier exchanges against the per-member limit under a lock on (goods, member), takes the stock with a
 * conditional UPDATE (only while stock ≥ qty and on shelf), and writes the exchange row. Nothing is taken on a refusal.
 * Deducting the member's points (and charging the cash part) belongs in this same transaction once members exist.
 * The exchange row is the record of a member's act (the operation log records staff writes).
 */
export async function exchangePointsGoods(ctx: Ctx, input: ExchangeInput): Promise<ExchangeResult> {
  const renterId = input.renterId ?? renterOf(ctx).renterId;
  if (!Number.isInteger(input.qty) || input.qty <= 0) throw new BizError('兑换数量不正确', CODE.validation);
  return inTx(ctx, async (tx) => {
    await repo.lockMember(tx.db, input.pointsGoodsId, input.memberId);
    const g = await found(tenantOf(tx), input.pointsGoodsId);
    if (g.status !== 1) throw new BizError('该积分商品已下架');
    const now = Date.now();
    if (g.startAt && g.startAt.getTime() > now) throw new BizError('兑换尚未开始');
    if (g.endAt && g.endAt.getTime() <= now) throw new BizError('兑换已结束');
    if (g.perMemberLimit > 0) {
      const had = await repo.exchangedBy(tenantOf(tx), g.id, input.memberId);
      if (had + input.qty > g.perMemberLimit) {
        throw new BizError(
          had >= g.perMemberLimit
            ? `每人限兑${g.perMemberLimit}件，您已兑换${had}件`
            : `每人限兑${g.perMemberLimit}件，您还可兑换${g.perMemberLimit - had}件`,
        );
      }
    }
    if (!(await repo.take(tenantOf(tx), g.id, input.qty))) throw new BizError(`「${g.title}」库存不足`);
    const points = g.points * input.qty;
    const cashFen = g.cashFen * input.qty;
    const row = await repo.insertExchange(tx.db, {
      renterId,
      pointsGoodsId: g.id,
      memberId: input.memberId,
      qty: input.qty,
      points,
      cashFen,
    });
    return { exchangeId: row.id, points, cashFen };
  });
}
