import { and, asc, desc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import { boundedCountSql, totalOf } from '@/core/paging';
import type { Tenant } from '@/core/tenant';
import { formOrders, formOrderTakes } from '@/modules/orders/form-orders.tables';
import { goodsOrders, goodsOrderTakes } from '@/modules/orders/goods-orders.tables';

export interface TakeQuery {
  kind: '' | 'pickup' | 'form';
  staffUserId: string;
  /** An 8-digit code, or an order number (exact). */
  keyword: string;
  from: Date | null;
  before: Date | null;
  asc: boolean;
  offset: number;
  limit: number;
}

/** One verification of either kind, as the 核销记录 list merges them. */
export interface TakeRecord {
  kind: 'pickup' | 'form';
  id: string;
  code: string;
  staffUserId: string;
  createdAt: Date;
  orderId: string;
  orderNo: string;
  /** Goods order title, or '' (form: see formId). */
  title: string;
  formId: string;
  amountFen: number;
  pickupPointId: string;
}

type Side = typeof goodsOrderTakes | typeof formOrderTakes;

function sideWhere(t: Tenant, k: Side, orders: typeof goodsOrders | typeof formOrders, q: TakeQuery): SQL {
  const parts: (SQL | undefined)[] = [eq(k.renterId, t.renterId)];
  if (q.staffUserId) parts.push(eq(k.staffUserId, q.staffUserId));
  if (q.from) parts.push(gte(k.createdAt, q.from));
  if (q.before) parts.push(lt(k.createdAt, q.before));
  if (q.keyword) {
    const byNo = inArray(
      k.orderId,
      t.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.renterId, t.renterId), inArray(orders.orderNo, [q.keyword, q.keyword.toUpperCase()]))),
    );
    parts.push(/^\d{8}$/.test(q.keyword) ? or(eq(k.code, q.keyword), byNo) : byNo);
  }
  return and(...parts) as SQL;
}

interface SideRow {
  take: { id: string; code: string; staffUserId: string; createdAt: Date; orderId: string };
  orderNo: string | null;
  amountFen: number | null;
  counted: number;
}

/** A side's row as a record (the kind's own fields left empty for the caller to fill). */
const recordOf = (kind: TakeRecord['kind'], r: SideRow): TakeRecord => ({
  kind,
  id: r.take.id,
  code: r.take.code,
  staffUserId: r.take.staffUserId,
  createdAt: r.take.createdAt,
  orderId: r.take.orderId,
  orderNo: r.orderNo ?? '',
  title: '',
  formId: '',
  amountFen: r.amountFen ?? 0,
  pickupPointId: '',
});

/** A side's rows as records, with its bounded count (the count rides on the first row). */
async function readSide<R extends SideRow>(t: Tenant, k: Side, where: SQL, rows: Promise<R[]>, toRecord: (r: R) => TakeRecord) {
  const got = await rows;
  const c = await totalOf(t.db, k, where, got.length ? Number(got[0].counted) : 0);
  return { rows: got.map(toRecord), ...c };
}

/**
 * The 核销记录 of both kinds, newest (or oldest) first: each side reads at most offset + limit rows by its
 * (renter, created) index, the two are merged and the page cut from them, so no side is read whole. The total is the
 * sum of the sides' bounded counts.
 */
export async function pageTakes(t: Tenant, q: TakeQuery): Promise<{ rows: TakeRecord[]; total: number; estimated: boolean }> {
  const n = q.offset + q.limit;
  const order = q.asc ? asc : desc;
  const none = Promise.resolve({ rows: [] as TakeRecord[], total: 0, estimated: false });

  const goodsSide = () => {
    const k = goodsOrderTakes;
    const where = sideWhere(t, k, goodsOrders, q);
    const rows = t.db
      .select({
        take: k,
        orderNo: goodsOrders.orderNo,
        title: goodsOrders.title,
        amountFen: goodsOrders.payFen,
        pickupPointId: goodsOrders.pickupPointId,
        counted: boundedCountSql(t.db, k, where),
      })
      .from(k)
      .leftJoin(goodsOrders, and(eq(goodsOrders.renterId, k.renterId), eq(goodsOrders.id, k.orderId)))
      .where(where)
      .orderBy(order(k.createdAt), order(k.id))
      .limit(n);
    return readSide(t, k, where, rows, (r) => ({ ...recordOf('pickup', r), title: r.title ?? '', pickupPointId: r.pickupPointId ?? '' }));
  };

  const formSide = () => {
    const k = formOrderTakes;
    const where = sideWhere(t, k, formOrders, q);
    const rows = t.db
      .select({
        take: k,
        orderNo: formOrders.orderNo,
        formId: formOrders.formId,
        amountFen: formOrders.amountFen,
        counted: boundedCountSql(t.db, k, where),
      })
      .from(k)
      .leftJoin(formOrders, and(eq(formOrders.renterId, k.renterId), eq(formOrders.id, k.orderId)))
      .where(where)
      .orderBy(order(k.createdAt), order(k.id))
      .limit(n);
    return readSide(t, k, where, rows, (r) => ({ ...recordOf('form', r), formId: r.formId ?? '' }));
  };

  const g = await (q.kind === 'form' ? none : goodsSide());
  const f = await (q.kind === 'pickup' ? none : formSide());
  const sign = q.asc ? 1 : -1;
  const merged = [...g.rows, ...f.rows].sort(
    (a, b) => sign * (a.createdAt.getTime() - b.createdAt.getTime()) || (a.id < b.id ? sign : a.id > b.id ? -sign : 0),
  );
  return { rows: merged.slice(q.offset, n), total: g.total + f.total, estimated: g.estimated || f.estimated };
}

/** The goods order's pick-up record (who verified it, when), if any. */
export async function pickupTakeOf(t: Tenant, orderId: string) {
  const [r] = await t.db
    .select()
    .from(goodsOrderTakes)
    .where(and(eq(goodsOrderTakes.renterId, t.renterId), eq(goodsOrderTakes.orderId, orderId)))
    .limit(1);
  return r;
}

/** The form order of an 8-digit code, without a lock (the check only shows it). */
export async function formOrderByCode(t: Tenant, code: string) {
  const [r] = await t.db
    .select()
    .from(formOrders)
    .where(and(eq(formOrders.renterId, t.renterId), eq(formOrders.verifyCode, code)))
    .limit(1);
  return r;
}
