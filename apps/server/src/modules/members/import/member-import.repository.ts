import { and, count, desc, eq, gt, gte, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { contains } from '@/core/like';
import { enabledFreeLevels } from '@/modules/members/levels/level-lookup';
import { recountTags } from '@/modules/members/tags/tag-counts';
import type { Tenant } from '@/core/tenant';
import { memberImportRows, memberImports, members, memberTags } from '@/modules/members/members.tables';
import type { Names } from './member-import.check';

export type ImportRow = typeof memberImports.$inferSelect;
export type ImportInsert = typeof memberImports.$inferInsert;
export type ImportLine = typeof memberImportRows.$inferSelect;

/** A checked import may be confirmed this long after its check. */
export const IMPORT_TTL_HOURS = 24;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const ofImport = (t: Tenant, id: string) => and(eq(memberImports.renterId, t.renterId), eq(memberImports.id, id));
const linesOf = (t: Tenant, id: string) => and(eq(memberImportRows.renterId, t.renterId), eq(memberImportRows.importId, id));

/** Which rows a page lists (contract MEMBER_IMPORT_ROW_FILTER). */
const FILTER: Record<string, number | undefined> = { bad: 4, existing: 3, created: 1, updated: 2 };

export const memberImportRepo = {
  async insertImport(t: Tenant, v: Omit<ImportInsert, 'renterId'>): Promise<ImportRow> {
    const [r] = await t.db
      .insert(memberImports)
      .values({ ...v, renterId: t.renterId })
      .returning();
    return r;
  },
  /**
   * One multi-row insert of checked rows: the batch travels as one jsonb parameter (one string, not 5 parameters a
   * row: far less garbage for 100,000 rows).
   */
  async insertLines(t: Tenant, importId: string, rows: { rowNo: number; data: Record<string, string>; error: string; result: number }[]) {
    if (!rows.length) return;
    await t.db.execute(sql`
      insert into member_import_rows (renter_id, import_id, row_no, data, error, result)
      select ${t.renterId}, ${importId}, v.row_no, v.data, v.error, v.result
        from jsonb_to_recordset(${JSON.stringify(rows.map((r) => ({ row_no: r.rowNo, data: r.data, error: r.error, result: r.result })))}::jsonb)
          as v(row_no int, data jsonb, error text, result smallint)`);
  },
  async byId(t: Tenant, id: string): Promise<ImportRow | undefined> {
    const [r] = await t.db.select().from(memberImports).where(ofImport(t, id)).limit(1);
    return r;
  },
  /** The import, locked until the transaction ends. */
  async lock(t: Tenant, id: string): Promise<ImportRow | undefined> {
    const [r] = await t.db.select().from(memberImports).where(ofImport(t, id)).for('update').limit(1);
    return r;
  },
  async update(t: Tenant, id: string, set: Partial<ImportInsert>) {
    await t.db.update(memberImports).set(set).where(ofImport(t, id));
  },
  /** Moves a checked, unexpired import to `status` (with `set`); undefined when it is not (or no longer) checked. */
  async claim(t: Tenant, id: string, status: number, set: Partial<ImportInsert> = {}): Promise<ImportRow | undefined> {
    const [r] = await t.db
      .update(memberImports)
      .set({ ...set, status })
      .where(
        and(
          ofImport(t, id),
          eq(memberImports.status, 1),
          sql`${memberImports.createdAt} > now() - make_interval(hours => ${IMPORT_TTL_HOURS})`,
        ),
      )
      .returning();
    return r;
  },
  /** The renter's enabled free levels and its tags, by name. */
  async names(t: Tenant): Promise<Names> {
    const [levels, tags] = await Promise.all([
      enabledFreeLevels(t),
      t.db
        .select({ id: memberTags.id, name: memberTags.name, kind: memberTags.kind })
        .from(memberTags)
        .where(eq(memberTags.renterId, t.renterId)),
    ]);
    return {
      levels: new Map(levels.map((l) => [l.name, { id: l.id, growth: l.growth }])),
      tags: new Map(tags.map((x) => [x.name, { id: x.id, kind: x.kind }])),
    };
  },
  /** Which of these phones are members of the renter already. */
  async existingPhones(t: Tenant, phones: string[]): Promise<Set<string>> {
    if (!phones.length) return new Set();
    const r = await t.db.execute(sql`
      select phone from members where renter_id = ${t.renterId} and phone = any(${`{${phones.join(',')}}`}::text[])`);
    return new Set(rowsOf<{ phone: string }>(r).map((x) => x.phone));
  },
  async memberByPhone(t: Tenant, phone: string) {
    const [m] = await t.db
      .select({ id: members.id, name: members.name, kind: members.kind })
      .from(members)
      .where(and(eq(members.renterId, t.renterId), eq(members.phone, phone)))
      .limit(1);
    return m;
  },
  /** Rows after `afterRow` in file order, `limit` of them. */
  async linesAfter(t: Tenant, id: string, afterRow: number, limit: number): Promise<ImportLine[]> {
    return t.db
      .select()
      .from(memberImportRows)
      .where(and(linesOf(t, id), gt(memberImportRows.rowNo, afterRow)))
      .orderBy(memberImportRows.rowNo)
      .limit(limit);
  },
  /** The file row of the n-th row (0-based) in file order: where a resumed import starts after (1 before the first). */
  async rowNoBefore(t: Tenant, id: string, n: number): Promise<number> {
    if (n <= 0) return 1;
    const [r] = await t.db
      .select({ rowNo: memberImportRows.rowNo })
      .from(memberImportRows)
      .where(linesOf(t, id))
      .orderBy(memberImportRows.rowNo)
      .offset(n - 1)
      .limit(1);
    return r?.rowNo ?? 1;
  },
  /** Sets error and result (and member) of rows by row number, one statement. */
  async setLines(t: Tenant, id: string, rows: { row_no: number; error: string; result: number; member_id?: string | null }[]) {
    if (!rows.length) return;
    await t.db.execute(sql`
      update member_import_rows as r set error = v.error, result = v.result, member_id = v.member_id
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(row_no int, error text, result smallint, member_id uuid)
       where r.renter_id = ${t.renterId} and r.import_id = ${id} and r.row_no = v.row_no`);
  },
  /** A page of rows (filter as the contract's), from file row `fromRow` on. */
  async linesPage(t: Tenant, id: string, filter: string, fromRow: number, offset: number, limit: number) {
    const conds: (SQL | undefined)[] = [linesOf(t, id)];
    const result = FILTER[filter];
    if (result !== undefined) conds.push(eq(memberImportRows.result, result));
    if (fromRow > 0) conds.push(gte(memberImportRows.rowNo, fromRow));
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      t.db.select().from(memberImportRows).where(where).orderBy(memberImportRows.rowNo).offset(offset).limit(limit),
      t.db.select({ n: count() }).from(memberImportRows).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },
  async list(t: Tenant, status: number, keyword: string, offset: number, limit: number) {
    const conds: (SQL | undefined)[] = [eq(memberImports.renterId, t.renterId)];
    if (status) conds.push(eq(memberImports.status, status));
    if (keyword) conds.push(ilike(memberImports.fileName, contains(keyword)));
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      t.db
        .select()
        .from(memberImports)
        .where(where)
        .orderBy(desc(memberImports.createdAt), desc(memberImports.id))
        .offset(offset)
        .limit(limit),
      t.db.select({ n: count() }).from(memberImports).where(where),
    ]);
    return { rows, total: Number(total?.n ?? 0) };
  },
  /** Deletes these imports unless importing; answers how many went. Their rows go by the foreign key's cascade. */
  async remove(t: Tenant, ids: string[]): Promise<ImportRow[]> {
    return t.db
      .delete(memberImports)
      .where(and(eq(memberImports.renterId, t.renterId), inArray(memberImports.id, ids), ne(memberImports.status, 4)))
      .returning();
  },
  async ofIds(t: Tenant, ids: string[]): Promise<ImportRow[]> {
    return t.db
      .select()
      .from(memberImports)
      .where(and(eq(memberImports.renterId, t.renterId), inArray(memberImports.id, ids)));
  },

  /**
   * Inserts the chunk's new members in one statement (on conflict (renter_id, phone) do nothing): kind 1, source 3,
   * member now, the free level of the growth (the enabled free level with the highest threshold not above it, as
   * changeGrowth). Answers the created ones.
   */
  async insertMembers(
    t: Tenant,
    rows: { phone: string; name: string; sex: number; birthday: string | null; growth: number; remark: string }[],
  ): Promise<{ id: string; phone: string }[]> {
    if (!rows.length) return [];
    const r = await t.db.execute(sql`
      insert into members (renter_id, phone, kind, name, sex, birthday, source, remark, member_at, growth, level_id, nickname, audit)
      select ${t.renterId}, v.phone, 1, v.name, v.sex, v.birthday, 3, v.remark, now(), v.growth,
             (select l.id from member_levels l
               where l.renter_id = ${t.renterId} and l.needpay = 0 and l.status = 1 and l.growth <= v.growth
               order by l.growth desc limit 1),
             '用户' || right(v.phone, 4), 1
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as v(phone text, name text, sex smallint, birthday date, growth int, remark text)
      on conflict (renter_id, phone) do nothing
      returning id, phone`);
    return rowsOf<{ id: string; phone: string }>(r);
  },
  /**
   * Updates the profile of existing members by phone in one statement: only the fields the file gives (`given` lists
   * them per row); a customer becomes a member. Growth and level stay (they change through growth records).
   */
  async updateMembers(
    t: Tenant,
    rows: { phone: string; name: string; sex: number; birthday: string | null; remark: string; given: string }[],
  ): Promise<{ id: string; phone: string }[]> {
    if (!rows.length) return [];
    const r = await t.db.execute(sql`
      update members as m set
             name = case when position('name' in v.given) > 0 then v.name else m.name end,
             sex = case when position('sex' in v.given) > 0 then v.sex else m.sex end,
             birthday = case when position('birthday' in v.given) > 0 then v.birthday else m.birthday end,
             remark = case when position('remark' in v.given) > 0 then v.remark else m.remark end,
             kind = 1, member_at = coalesce(m.member_at, now()), updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as v(phone text, name text, sex smallint, birthday date, remark text, given text)
       where m.renter_id = ${t.renterId} and m.phone = v.phone
      returning m.id, m.phone`);
    return rowsOf<{ id: string; phone: string }>(r);
  },
  async idsOfPhones(t: Tenant, phones: string[]): Promise<{ id: string; phone: string }[]> {
    if (!phones.length) return [];
    const rows = await t.db
      .select({ id: members.id, phone: members.phone })
      .from(members)
      .where(and(eq(members.renterId, t.renterId), inArray(members.phone, phones)));
    return rows.map((r) => ({ id: r.id, phone: r.phone ?? '' }));
  },
  /** Links tags to members (existing links stay), then the touched tags' member counts (tags/ recountTags). */
  async linkTags(t: Tenant, links: { tag_id: string; member_id: string }[]) {
    if (!links.length) return;
    await t.db.execute(sql`
      insert into member_tag_links (renter_id, tag_id, member_id)
      select ${t.renterId}, v.tag_id, v.member_id
        from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as v(tag_id uuid, member_id uuid)
        join member_tags tg on tg.renter_id = ${t.renterId} and tg.id = v.tag_id
      on conflict do nothing`);
    await recountTags(t, [...new Set(links.map((l) => l.tag_id))]);
  },
  /** The growth records (kind 4 导入, key 'import:<member>': once per member) of new members imported with growth: one statement. */
  async growthRecords(t: Tenant, memberIds: string[], operatorId: string | null, reason: string) {
    if (!memberIds.length) return;
    await t.db.execute(sql`
      insert into growth_records (renter_id, member_id, change, growth_after, kind, reason, level_before, level_after, operator_id, idem_key)
      select m.renter_id, m.id, m.growth, m.growth, 4, ${reason}, '', coalesce(l.name, ''), ${operatorId}::uuid, 'import:' || m.id
        from members m left join member_levels l on l.renter_id = m.renter_id and l.id = m.level_id
       where m.renter_id = ${t.renterId} and m.id = any(${`{${memberIds.join(',')}}`}::uuid[]) and m.growth > 0
      on conflict (renter_id, idem_key) do nothing`);
  },
  /** One history line (互动事件) per member: one statement. */
  async events(t: Tenant, memberIds: string[], title: string, detail: string, operatorId: string | null) {
    if (!memberIds.length) return;
    await t.db.execute(sql`
      insert into member_events (renter_id, member_id, kind, title, detail, operator_id)
      select ${t.renterId}, x, 'import', ${title}, ${detail}, ${operatorId}::uuid
        from unnest(${`{${memberIds.join(',')}}`}::uuid[]) as x`);
  },
};
