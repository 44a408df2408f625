import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  type ExtraConfigColumn,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { fen } from '@/core/money';
import { shops } from '@/modules/shop/shop.tables';
import type { MemberRule } from '@shop/contract';

/**
 * A customer of one renter (DESIGN §9), created on the customer side by the first login with an SMS code. The phone
 * is unique per renter: the same person is a different member of another renter. Nothing links a member to a staff
 * user (users): a staff phone that logs in on the shop becomes a member of its own, with no staff rights.
 */
export const members = pgTable(
  'members',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    /** Null for a customer known only by a visitor id (kind 0); a member always has one. */
    phone: text('phone'),
    /** 0 customer (touched the shop: a visitor who submitted a form, bought, scanned), 1 member (registered a phone). */
    kind: smallint('kind').notNull().default(1),
    /** The signed visitor id's id part of a customer not (yet) known by a phone. */
    visitorId: text('visitor_id'),
    /** Real name (真实姓名), sex 0 unknown 1 male 2 female, birthday (YYYY-MM-DD). */
    name: text('name').notNull().default(''),
    sex: smallint('sex').notNull().default(0),
    birthday: date('birthday', { mode: 'string' }),
    /** Where the customer came from: MEMBER_SOURCE in the contract (1 H5 shop, 2 console, 3 import, 4 form, 5 mini program). */
    source: smallint('source').notNull().default(1),
    remark: text('remark').notNull().default(''),
    /** When the customer became a member (registered a phone); null for a customer. */
    memberAt: timestamp('member_at', { withTimezone: true }),
    /** Member audit (会员审核): 1 passed, 0 waiting, 2 refused. Only 0 when the renter's audit is on at registration. */
    audit: smallint('audit').notNull().default(1),
    /** Growth value and the free level it implies (recomputed in the transaction that changes the growth). */
    growth: integer('growth').notNull().default(0),
    levelId: uuid('level_id'),
    /** A paid level held (bought or set by staff) and until when (null: for ever). */
    paidLevelId: uuid('paid_level_id'),
    paidLevelExpiresAt: timestamp('paid_level_expires_at', { withTimezone: true }),
    /** Running figures, kept by the modules that own their sources (orders, stored value, points) through events. */
    orderCount: integer('order_count').notNull().default(0),
    spendFen: fen('spend_fen').notNull().default(0),
    lastOrderAt: timestamp('last_order_at', { withTimezone: true }),
    balanceFen: fen('balance_fen').notNull().default(0),
    points: fen('points').notNull().default(0),
    /** argon2id, as staff passwords; null until the member sets one (password login is refused until then). */
    passwordHash: text('password_hash'),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    /** 1 active, 0 disabled (a disabled member's tokens stop at once). */
    status: integer('status').notNull().default(1),
    /** The shop where the member first logged in. */
    shopId: uuid('shop_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * What 客户查询's keyword searches (phone, name, nickname), kept by the database. A plain column, so its indexes
     * (trigram, and 1–2 character grams; migration 0027) serve the search under row-level security: an index
     * expression holding COALESCE counts as leaky there and was never used (bench: 1 s a search at 1,000,000 members).
     */
    searchText: text('search_text').notNull().generatedAlwaysAs(sql`coalesce(phone, '') || ' ' || name || ' ' || nickname`),
  },
  (t) => [
    uniqueIndex('members_renter_phone_uq').on(t.renterId, t.phone),
    uniqueIndex('members_renter_visitor_uq').on(t.renterId, t.visitorId).where(sql`${t.visitorId} is not null`),
    // The list's sorts (客户查询): each field, then the creation time and the id in the same direction, so a page is
    // read off one index in order both ways. Times not set (never bought, not a member) sort as the earliest.
    index('members_renter_created_idx').on(t.renterId, t.createdAt, t.id),
    // Also new members per day (会员概况 GetMebCount, GetSumCount's today / yesterday / this month).
    index('members_renter_member_at_idx').on(t.renterId, t.memberAt.asc().nullsFirst(), t.createdAt, t.id),
    index('members_renter_level_idx').on(t.renterId, t.levelId),
    // A level's members by spend (the common 黄金会员, 按累计消费): spend follows level, so walking the spend index
    // for one level passes every higher level's members first (130 ms at 1,000,000).
    index('members_renter_level_spend_idx').on(t.renterId, t.levelId, t.spendFen, t.createdAt, t.id),
    index('members_renter_spend_idx').on(t.renterId, t.spendFen, t.createdAt, t.id),
    index('members_renter_orders_idx').on(t.renterId, t.orderCount, t.createdAt, t.id),
    index('members_renter_last_order_idx').on(t.renterId, t.lastOrderAt.asc().nullsFirst(), t.createdAt, t.id),
    index('members_renter_balance_idx').on(t.renterId, t.balanceFen, t.createdAt, t.id),
    index('members_renter_points_idx').on(t.renterId, t.points, t.createdAt, t.id),
    index('members_renter_growth_idx').on(t.renterId, t.growth, t.createdAt, t.id),
    check('members_growth_nonneg', sql`${t.growth} >= 0`),
    check('members_figures_nonneg', sql`${t.orderCount} >= 0 and ${t.spendFen} >= 0 and ${t.balanceFen} >= 0 and ${t.points} >= 0`),
    check('members_member_has_phone', sql`${t.kind} = 0 or ${t.phone} is not null`),
    // (renter_id, id): what the member's tokens (and later orders, balances) point at, within the renter.
    unique('members_renter_id_uq').on(t.renterId, t.id),
    // The shop of the first login; a removed shop leaves the member (PostgreSQL 15+: only shop_id is cleared).
    foreignKey({ name: 'members_shop_fk', columns: [t.renterId, t.shopId], foreignColumns: [shops.renterId, shops.id] }).onDelete(
      'set null',
    ),
  ],
);

/** Member login tokens, stored hashed (sha-256, as staff sessions); a different table, so neither passes for the other. */
export const memberTokens = pgTable(
  'member_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    tokenHash: text('token_hash').notNull().unique(),
    renterId: uuid('renter_id').notNull(),
    memberId: uuid('member_id').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('member_tokens_member_idx').on(t.renterId, t.memberId),
    foreignKey({
      name: 'member_tokens_member_fk',
      columns: [t.renterId, t.memberId],
      foreignColumns: [members.renterId, members.id],
    }).onDelete('cascade'),
  ],
);

/** Who a row of the member tables below belongs to: (renter_id, member_id) → members, removed with the member. */
const memberFk = (name: string, t: { renterId: ExtraConfigColumn; memberId: ExtraConfigColumn }) =>
  foreignKey({ name, columns: [t.renterId, t.memberId], foreignColumns: [members.renterId, members.id] }).onDelete('cascade');

/** Tags (标签): manual ones staff attach, automatic ones (kind 2) a job keeps equal to their rule. */
export const memberTags = pgTable(
  'member_tags',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    name: text('name').notNull(),
    /** 1 manual, 2 automatic (by rule). */
    kind: smallint('kind').notNull().default(1),
    rule: jsonb('rule').$type<MemberRule>(),
    /** Members holding it, kept by the writes that attach or detach it. */
    memberCount: integer('member_count').notNull().default(0),
    /** Last time an automatic tag's members were recomputed. */
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_tags_renter_name_uq').on(t.renterId, t.name),
    unique('member_tags_renter_id_uq').on(t.renterId, t.id),
    check('member_tags_count_nonneg', sql`${t.memberCount} >= 0`),
  ],
);

export const memberTagLinks = pgTable(
  'member_tag_links',
  {
    renterId: uuid('renter_id').notNull(),
    tagId: uuid('tag_id').notNull(),
    memberId: uuid('member_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'member_tag_links_pk', columns: [t.tagId, t.memberId] }),
    index('member_tag_links_member_idx').on(t.renterId, t.memberId),
    foreignKey({
      name: 'member_tag_links_tag_fk',
      columns: [t.renterId, t.tagId],
      foreignColumns: [memberTags.renterId, memberTags.id],
    }).onDelete('cascade'),
    memberFk('member_tag_links_member_fk', t),
  ],
);

/** Groups (会员分组): a rule over the member columns, compiled to one SQL condition; members are never listed in it. */
export const memberGroups = pgTable(
  'member_groups',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    name: text('name').notNull(),
    rule: jsonb('rule').$type<MemberRule>().notNull(),
    remark: text('remark').notNull().default(''),
    /** The count at the last save or refresh (the list shows it; the editor counts live). */
    memberCount: integer('member_count').notNull().default(0),
    countedAt: timestamp('counted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('member_groups_renter_name_uq').on(t.renterId, t.name), unique('member_groups_renter_id_uq').on(t.renterId, t.id)],
);

/** Members added to a group by hand (客户查询 加入分组): a group holds its rule's members and these. */
export const memberGroupLinks = pgTable(
  'member_group_links',
  {
    renterId: uuid('renter_id').notNull(),
    groupId: uuid('group_id').notNull(),
    memberId: uuid('member_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'member_group_links_pk', columns: [t.groupId, t.memberId] }),
    index('member_group_links_member_idx').on(t.renterId, t.memberId),
    foreignKey({
      name: 'member_group_links_group_fk',
      columns: [t.renterId, t.groupId],
      foreignColumns: [memberGroups.renterId, memberGroups.id],
    }).onDelete('cascade'),
    memberFk('member_group_links_member_fk', t),
  ],
);

/** The rights a level or a rights card gives (contract memberRights). */
export interface MemberRightsRow {
  /** Discount in tenths of a percent of the price: 1000 none, 950 = 9.5 折. */
  discount: number;
  /** Points multiplier in tenths: 10 = ×1. */
  pointsTimes: number;
  freeShipping: boolean;
  /** Points given on the member's birthday (0 none). */
  birthdayPoints: number;
}

/** Member levels (会员等级): free ones reached by growth (needpay 0), paid ones bought or set (needpay 1). */
export const memberLevels = pgTable(
  'member_levels',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    /** 0 free (by growth), 1 paid. */
    needpay: smallint('needpay').notNull().default(0),
    name: text('name').notNull(),
    /** 1 the lowest; free levels' thresholds rise with the rank. */
    rank: integer('rank').notNull(),
    /** Growth needed (free levels). */
    growth: integer('growth').notNull().default(0),
    /** Price (paid levels). */
    priceFen: fen('price_fen').notNull().default(0),
    /** Days a bought level lasts; 0 for ever. */
    validDays: integer('valid_days').notNull().default(0),
    rights: jsonb('rights').$type<MemberRightsRow>().notNull(),
    /** The card's look (/DecorateLV): background colour or image, text colour. */
    card: jsonb('card').$type<{ bgColor: string; bgImage: string; textColor: string }>().notNull(),
    description: text('description').notNull().default(''),
    /** 1 on, 0 off (a paid level off is no longer sold). */
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_levels_rank_uq').on(t.renterId, t.needpay, t.rank),
    uniqueIndex('member_levels_name_uq').on(t.renterId, t.needpay, t.name),
    unique('member_levels_renter_id_uq').on(t.renterId, t.id),
    check('member_levels_nonneg', sql`${t.growth} >= 0 and ${t.priceFen} >= 0 and ${t.validDays} >= 0`),
  ],
);

/** One renter's member settings: level systems on/off, member audit, registration fields, level tasks, level page look. */
export const memberSettings = pgTable('member_settings', {
  renterId: uuid('renter_id').primaryKey(),
  freeOn: boolean('free_on').notNull().default(true),
  payOn: boolean('pay_on').notNull().default(false),
  auditOn: boolean('audit_on').notNull().default(false),
  fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
  tasks: jsonb('tasks').$type<Record<string, unknown>>().notNull().default({}),
  renovation: jsonb('renovation').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change of a member's growth (成长值记录), with the level before and after. */
export const growthRecords = pgTable(
  'growth_records',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    memberId: uuid('member_id').notNull(),
    change: integer('change').notNull(),
    growthAfter: integer('growth_after').notNull(),
    /** GROWTH_KIND in the contract: 1 staff adjustment, 2 task, 3 order, 4 import, 5 refund. */
    kind: smallint('kind').notNull(),
    reason: text('reason').notNull().default(''),
    levelBefore: text('level_before').notNull().default(''),
    levelAfter: text('level_after').notNull().default(''),
    operatorId: uuid('operator_id'),
    operatorName: text('operator_name').notNull().default(''),
    /**
     * Unique per renter: the same change again (a retried call, a task applied twice) changes nothing and answers the
     * first record (growth.service.ts changeGrowth). 'staff:<user>:<request key>', 'task:<member>:<task>',
     * 'import:<member>', 'demo:<member>:<n>'; null only on staff rows older than the column (migration 0035).
     */
    idemKey: text('idem_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('growth_records_key_uq').on(t.renterId, t.idemKey),
    index('growth_records_renter_created_idx').on(t.renterId, t.createdAt),
    index('growth_records_member_idx').on(t.renterId, t.memberId, t.createdAt),
    memberFk('growth_records_member_fk', t),
  ],
);

/** Paid levels held: bought (an order, issue 15) or set by staff (等级购买记录). */
export const levelGrants = pgTable(
  'level_grants',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    memberId: uuid('member_id').notNull(),
    levelId: uuid('level_id').notNull(),
    levelName: text('level_name').notNull(),
    /** 1 bought, 2 set by staff. */
    source: smallint('source').notNull(),
    orderId: uuid('order_id'),
    amountFen: fen('amount_fen').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    operatorId: uuid('operator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('level_grants_renter_created_idx').on(t.renterId, t.createdAt),
    index('level_grants_member_idx').on(t.renterId, t.memberId),
    memberFk('level_grants_member_fk', t),
  ],
);

/** Rights cards (权益卡): free or paid, with rights and a validity. */
export const vipCards = pgTable(
  'vip_cards',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    name: text('name').notNull(),
    /** 0 free (claimed in the member centre or given), 1 paid. */
    needpay: smallint('needpay').notNull().default(0),
    priceFen: fen('price_fen').notNull().default(0),
    /** Days a card lasts from when it is received; 0 for ever. */
    validDays: integer('valid_days').notNull().default(0),
    rights: jsonb('rights').$type<MemberRightsRow>().notNull(),
    cover: jsonb('cover').$type<{ bgColor: string; bgImage: string; textColor: string }>().notNull(),
    notice: text('notice').notNull().default(''),
    /** 1 on, 0 forbidden (no longer given or sold; cards held stay valid). */
    status: smallint('status').notNull().default(1),
    holderCount: integer('holder_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vip_cards_renter_name_uq').on(t.renterId, t.name),
    unique('vip_cards_renter_id_uq').on(t.renterId, t.id),
    check('vip_cards_nonneg', sql`${t.priceFen} >= 0 and ${t.validDays} >= 0 and ${t.holderCount} >= 0`),
  ],
);

/** A card a member holds: one row per card and member (receiving it again extends it). */
export const memberCards = pgTable(
  'member_cards',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    cardId: uuid('card_id').notNull(),
    memberId: uuid('member_id').notNull(),
    cardNo: text('card_no').notNull(),
    /** 1 claimed, 2 bought, 3 given by staff. */
    source: smallint('source').notNull(),
    amountFen: fen('amount_fen').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** 1 valid, 0 withdrawn by staff. */
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_cards_card_member_uq').on(t.renterId, t.cardId, t.memberId),
    uniqueIndex('member_cards_no_uq').on(t.renterId, t.cardNo),
    index('member_cards_member_idx').on(t.renterId, t.memberId),
    foreignKey({
      name: 'member_cards_card_fk',
      columns: [t.renterId, t.cardId],
      foreignColumns: [vipCards.renterId, vipCards.id],
    }).onDelete('restrict'),
    memberFk('member_cards_member_fk', t),
  ],
);

/** A member import (会员导入): the checked file, then its background import. Rows in member_import_rows. */
export const memberImports = pgTable(
  'member_imports',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    fileName: text('file_name').notNull(),
    /** MEMBER_IMPORT_STATUS in the contract: 1 checked, 2 imported, 3 cancelled, 4 importing. */
    status: smallint('status').notNull().default(1),
    /** What to do with a phone that is already a member: 1 skip it, 2 update its profile. */
    existing: smallint('existing').notNull().default(1),
    /** Column mapping: field key → 0-based column index of the file. */
    mapping: jsonb('mapping').$type<Record<string, number>>().notNull().default({}),
    /** The file's header row, by column (what the mapping step shows). */
    headers: jsonb('headers').$type<string[]>().notNull().default([]),
    tagIds: jsonb('tag_ids').$type<string[]>().notNull().default([]),
    totalRows: integer('total_rows').notNull().default(0),
    badRows: integer('bad_rows').notNull().default(0),
    /** Good rows whose phone was already a member at the check (已是会员 in the preview). */
    existingRows: integer('existing_rows').notNull().default(0),
    /** Rows handled so far (the chunk cursor: a resumed import starts after it). */
    doneRows: integer('done_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    error: text('error').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('member_imports_renter_created_idx').on(t.renterId, t.createdAt),
    unique('member_imports_renter_id_uq').on(t.renterId, t.id),
  ],
);

export const memberImportRows = pgTable(
  'member_import_rows',
  {
    renterId: uuid('renter_id').notNull(),
    importId: uuid('import_id').notNull(),
    /** The row's number in the file (2 = first data row under the header). */
    rowNo: integer('row_no').notNull(),
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    /** The row's problems, joined by '；' ('' for a good row). */
    error: text('error').notNull().default(''),
    /** 0 waiting, 1 created, 2 updated, 3 skipped (already a member), 4 bad. */
    result: smallint('result').notNull().default(0),
    memberId: uuid('member_id'),
  },
  (t) => [
    primaryKey({ name: 'member_import_rows_pk', columns: [t.importId, t.rowNo] }),
    index('member_import_rows_renter_idx').on(t.renterId, t.importId),
    foreignKey({
      name: 'member_import_rows_import_fk',
      columns: [t.renterId, t.importId],
      foreignColumns: [memberImports.renterId, memberImports.id],
    }).onDelete('cascade'),
  ],
);

/** A member's history (互动事件): registration, logins, staff operations on the member, level changes, orders…. */
export const memberEvents = pgTable(
  'member_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    memberId: uuid('member_id').notNull(),
    /** MEMBER_EVENT_KIND in the contract. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    detail: text('detail').notNull().default(''),
    operatorId: uuid('operator_id'),
    operatorName: text('operator_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('member_events_member_idx').on(t.renterId, t.memberId, t.createdAt), memberFk('member_events_member_fk', t)],
);
