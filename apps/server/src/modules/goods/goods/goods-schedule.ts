import { sql } from 'drizzle-orm';
import { type Ctx, inTx } from '../../../core/context';
import { operLogs } from '../../../db/schema';

/** The operation log's user for what the system does on its own (the schedule job). */
export const SYSTEM_USER_ID = '00000000-0000-0000-0000-000000000000';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/**
 * Puts scheduled goods (status 2) whose start_sale_at has come on sale (status 1). One UPDATE per enterprise, in its
 * own transaction with one operation-log row listing the goods; at most `renters` enterprises per call (the rest wait
 * for the next tick). Safe on several instances at once: a row leaves status 2 only once, and only the instance whose
 * UPDATE moved it logs it. Answers how many goods went on sale.
 */
export async function startScheduledSales(ctx: Ctx, now = new Date(), renters = 200): Promise<number> {
  const at = now.toISOString();
  const due = rowsOf<{ renter_id: string }>(
    await ctx.db.execute(sql`
      select distinct renter_id from goods
      where status = 2 and start_sale_at <= ${at}::timestamptz
      limit ${renters}`),
  );
  let n = 0;
  for (const { renter_id: renterId } of due) {
    n += await inTx(ctx, async (tx) => {
      const moved = rowsOf<{ id: string; goods_no: string; title: string; start_sale_at: string }>(
        await tx.db.execute(sql`
          update goods g set status = 1, start_sale_at = null, updated_at = now()
          from (select id, start_sale_at from goods
                where renter_id = ${renterId} and status = 2 and start_sale_at <= ${at}::timestamptz
                for update) d
          where g.id = d.id and g.renter_id = ${renterId} and g.status = 2
          returning g.id, g.goods_no, g.title, d.start_sale_at`),
      );
      if (!moved.length) return 0;
      await tx.db.insert(operLogs).values({
        renterId,
        userId: SYSTEM_USER_ID,
        module: 'goods',
        action: '定时开售',
        recordId: moved.map((m) => m.id).join(','),
        before: { status: 2 },
        after: { status: 1, goods: moved.map((m) => ({ id: m.id, goodsNo: m.goods_no, title: m.title, startSaleAt: m.start_sale_at })) },
      });
      return moved.length;
    });
  }
  return n;
}
