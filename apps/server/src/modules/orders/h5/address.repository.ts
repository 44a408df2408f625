import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Tenant } from '@/core/tenant';
import { memberAddresses } from '@/modules/orders/goods-orders.tables';

const ofMember = (t: Tenant, memberId: string) => and(eq(memberAddresses.renterId, t.renterId), eq(memberAddresses.memberId, memberId));

export type AddressRow = typeof memberAddresses.$inferSelect;
type Values = Pick<AddressRow, 'name' | 'phone' | 'area' | 'areaText' | 'address'>;

/** A member's addresses (收货地址); writes run under the member's lock (addressRepo.lockMember). */
export const addressRepo = {
  async lockMember(t: Tenant, memberId: string) {
    await t.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`address:${t.renterId}:${memberId}`}))`);
  },
  /** The default first, then the newest (at most 20: no paging). */
  async list(t: Tenant, memberId: string): Promise<AddressRow[]> {
    return t.db
      .select()
      .from(memberAddresses)
      .where(ofMember(t, memberId))
      .orderBy(desc(memberAddresses.isDefault), desc(memberAddresses.createdAt), desc(memberAddresses.id))
      .limit(50);
  },
  async byId(t: Tenant, memberId: string, id: string): Promise<AddressRow | undefined> {
    const [r] = await t.db
      .select()
      .from(memberAddresses)
      .where(and(ofMember(t, memberId), eq(memberAddresses.id, id)));
    return r;
  },
  async currentDefault(t: Tenant, memberId: string): Promise<AddressRow | undefined> {
    const [r] = await t.db
      .select()
      .from(memberAddresses)
      .where(and(ofMember(t, memberId), eq(memberAddresses.isDefault, true)));
    return r;
  },
  async count(t: Tenant, memberId: string): Promise<number> {
    const [r] = await t.db.select({ n: count() }).from(memberAddresses).where(ofMember(t, memberId));
    return Number(r?.n ?? 0);
  },
  async insert(t: Tenant, memberId: string, v: Values): Promise<AddressRow> {
    const [r] = await t.db
      .insert(memberAddresses)
      .values({ ...v, renterId: t.renterId, memberId, isDefault: false })
      .returning();
    return r;
  },
  async update(t: Tenant, memberId: string, id: string, v: Values) {
    await t.db
      .update(memberAddresses)
      .set({ ...v, updatedAt: new Date() })
      .where(and(ofMember(t, memberId), eq(memberAddresses.id, id)));
  },
  async remove(t: Tenant, memberId: string, id: string) {
    await t.db.delete(memberAddresses).where(and(ofMember(t, memberId), eq(memberAddresses.id, id)));
  },
  /** The newest address other than `except`. */
  async newest(t: Tenant, memberId: string, except: string): Promise<AddressRow | undefined> {
    const [r] = await t.db
      .select()
      .from(memberAddresses)
      .where(and(ofMember(t, memberId), ne(memberAddresses.id, except)))
      .orderBy(desc(memberAddresses.createdAt), desc(memberAddresses.id))
      .limit(1);
    return r;
  },
  /** Makes this address the one default (two statements under the member's lock; the partial unique index backs it). */
  async makeDefault(t: Tenant, memberId: string, id: string) {
    await t.db
      .update(memberAddresses)
      .set({ isDefault: false, updatedAt: new Date() })
      .where(and(ofMember(t, memberId), eq(memberAddresses.isDefault, true), ne(memberAddresses.id, id)));
    await t.db
      .update(memberAddresses)
      .set({ isDefault: true, updatedAt: new Date() })
      .where(and(ofMember(t, memberId), eq(memberAddresses.id, id)));
  },
};
