import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { shops } from '@/modules/shop/shop.tables';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A job/role of an enterprise: the menu keys it grants. */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    renterId: uuid('renter_id').notNull(),
    name: text('name').notNull(),
    isOwner: boolean('is_owner').notNull().default(false),
    /** Grants: a menu key (查看 and the entry in the menu) or `key:op` for edit/delete/export (grantKey). */
    menuKeys: jsonb('menu_keys').$type<string[]>().notNull().default([]),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_renter_name_uq').on(t.renterId, t.name), unique('roles_renter_id_uq').on(t.renterId, t.id)],
);

/** Membership of a user in an enterprise. */
export const staff = pgTable(
  'staff',
  {
    id: id(),
    renterId: uuid('renter_id').notNull(),
    userId: uuid('user_id').notNull(),
    shopId: uuid('shop_id').notNull(),
    roleId: uuid('role_id').notNull(),
    name: text('name').notNull().default(''),
    /** 1 active, 0 disabled. */
    status: integer('status').notNull().default(1),
    remark: text('remark').notNull().default(''),
    /** Who invited them (null for the owner who created the enterprise). */
    invitedBy: uuid('invited_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_renter_user_uq').on(t.renterId, t.userId),
    index('staff_user_idx').on(t.userId),
    index('staff_renter_role_idx').on(t.renterId, t.roleId),
    index('staff_renter_created_idx').on(t.renterId, t.createdAt),
    foreignKey({ name: 'staff_shop_fk', columns: [t.renterId, t.shopId], foreignColumns: [shops.renterId, shops.id] }),
    foreignKey({ name: 'staff_role_fk', columns: [t.renterId, t.roleId], foreignColumns: [roles.renterId, roles.id] }),
  ],
);
