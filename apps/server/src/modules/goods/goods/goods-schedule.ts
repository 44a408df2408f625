import { sql } from 'drizzle-orm';
import { SYSTEM_USER_ID } from '@/core/audit';
import type { Ctx } from '@/core/context';
import { lockUpdateAudit } from '@/core/locked-update';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

type Due = { id: string; goods_no: string; title: string; start_sale_at: string };

/**
 * Puts scheduled goods (status 2) whose start_sale_at has come on sale (status 1). Per enterprise, in its own
 * transaction (lockUpdateAudit): lock the due goods, one UPDATE, one operation-log row listing them, logged for the
 * system (SYSTEM_USER_ID, 系统（定时任务）); at most `renters` enterprises per call (the rest wait for the next tick).
 * Safe on several instances at once: the due rows are locked and re-read, so a row leaves status 2 only once, and only
 * the instance that moved it logs it. Answers how many goods went on sale.
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
    n += await lockUpdateAudit(
      ctx,
      {
        lock: async (tx) =>
          rowsOf<Due>(
            await tx.db.execute(sql`
              select id, goods_no, title, start_sale_at from goods
              where renter_id = ${renterId} and status = 2 and start_sale_at <= ${at}::timestamptz
              order by id
              for update`),
          ),
        update: async (tx, moved) => {
          if (!moved.length) return 0;
          await tx.db.execute(sql`
            update goods set status = 1, start_sale_at = null, updated_at = now()
            where renter_id = ${renterId} and status = 2 and id in (${sql.join(
              moved.map((m) => sql`${m.id}::uuid`),
              sql`, `,
            )})`);
          return moved.length;
        },
        audit: (moved) =>
          moved.length
            ? {
                module: 'goods',
                action: '定时开售',
                recordId: moved.map((m) => m.id).join(','),
                before: { status: 2 },
                after: {
                  status: 1,
                  goods: moved.map((m) => ({ id: m.id, goodsNo: m.goods_no, title: m.title, startSaleAt: m.start_sale_at })),
                },
              }
            : null,
      },
      { renterId, userId: SYSTEM_USER_ID },
    );
  }
  return n;
}
