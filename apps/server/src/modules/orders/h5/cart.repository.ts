import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tenant } from '@/core/tenant';
import { carts } from '@/modules/orders/goods-orders.tables';

const ofMember = (t: Tenant, memberId: string) => and(eq(carts.renterId, t.renterId), eq(carts.memberId, memberId));

/** At most this many SKUs in a cart. */
export const CART_MAX = 100;

export const cartRepo = {
  /** Serialises one member's cart writes (the 100-line bound holds under concurrent adds). */
  async lockMember(t: Tenant, memberId: string) {
    await t.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`cart:${t.renterId}:${memberId}`}))`);
  },
  async byIds(t: Tenant, memberId: string, ids: string[]) {
    if (ids.length === 0) return [];
    return t.db
      .select()
      .from(carts)
      .where(and(ofMember(t, memberId), inArray(carts.id, ids)));
  },
  async bySku(t: Tenant, memberId: string, skuId: string) {
    const [r] = await t.db
      .select()
      .from(carts)
      .where(and(ofMember(t, memberId), eq(carts.skuId, skuId)));
    return r;
  },
  async list(t: Tenant, memberId: string) {
    return t.db.select().from(carts).where(ofMember(t, memberId)).orderBy(desc(carts.updatedAt), desc(carts.id)).limit(CART_MAX);
  },
  async count(t: Tenant, memberId: string): Promise<{ lines: number; units: number }> {
    const [r] = await t.db
      .select({ lines: count(), units: sql<number>`coalesce(sum(${carts.qty}), 0)::int` })
      .from(carts)
      .where(ofMember(t, memberId));
    return { lines: Number(r?.lines ?? 0), units: Number(r?.units ?? 0) };
  },
  /**
   * Adds qty to the SKU's row, never past max (one statement: two taps at once add both, within max). Answers the
   * row's id and qty now.
   */
  async add(t: Tenant, memberId: string, goodsId: string, skuId: string, qty: number, max: number): Promise<{ id: string; qty: number }> {
    const [r] = await t.db
      .insert(carts)
      .values({ renterId: t.renterId, memberId, goodsId, skuId, qty: Math.min(qty, max) })
      .onConflictDoUpdate({
        target: [carts.renterId, carts.memberId, carts.skuId],
        set: { qty: sql`least(${carts.qty} + ${qty}, ${max})`, updatedAt: new Date() },
      })
      .returning({ id: carts.id, qty: carts.qty });
    return r;
  },
  async setQty(t: Tenant, memberId: string, id: string, qty: number) {
    const [r] = await t.db
      .update(carts)
      .set({ qty, updatedAt: new Date() })
      .where(and(ofMember(t, memberId), eq(carts.id, id)))
      .returning();
    return r;
  },
  async remove(t: Tenant, memberId: string, ids: string[]) {
    if (ids.length === 0) return 0;
    const r = await t.db
      .delete(carts)
      .where(and(ofMember(t, memberId), inArray(carts.id, ids)))
      .returning({ id: carts.id });
    return r.length;
  },
  async removeSkus(t: Tenant, memberId: string, skuIds: string[]) {
    if (skuIds.length === 0) return;
    await t.db.delete(carts).where(and(ofMember(t, memberId), inArray(carts.skuId, skuIds)));
  },
};
