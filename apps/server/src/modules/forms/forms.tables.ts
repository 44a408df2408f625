import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { fen } from '@/core/money';
import type { FormField } from '@shop/contract';

/** A value given for one field, with the field as it was when submitted. */
export interface SubmittedItem {
  fieldId: string;
  label: string;
  kind: number;
  value: number | string | string[] | null;
}

export const forms = pgTable(
  'forms',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    frno: text('frno').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    cover: text('cover').notNull().default(''),
    fields: jsonb('fields').$type<FormField[]>().notNull(),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    /** 0: no limit. */
    totalLimit: integer('total_limit').notNull().default(0),
    personLimit: integer('person_limit').notNull().default(0),
    needPay: integer('need_pay').notNull().default(0),
    priceFen: fen('price_fen').notNull().default(0),
    needVerify: boolean('need_verify').notNull().default(false),
    /** 1 active, 0 invalid. */
    state: integer('state').notNull().default(1),
    /** Submissions holding a place (paid or free, not cancelled). */
    applyCount: integer('apply_count').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('forms_renter_frno_uq').on(t.renterId, t.frno), index('forms_renter_created_idx').on(t.renterId, t.createdAt)],
);

export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    formId: uuid('form_id').notNull(),
    subNo: text('sub_no').notNull(),
    /** Who submitted on the public page (a visitor id kept by the browser). */
    visitor: text('visitor').notNull(),
    phone: text('phone').notNull().default(''),
    /** Text of all answers, for keyword search. */
    searchText: text('search_text').notNull().default(''),
    items: jsonb('items').$type<SubmittedItem[]>().notNull(),
    /** 1 valid, 0 waiting for payment, -1 cancelled. */
    status: integer('status').notNull().default(1),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('form_submissions_renter_no_uq').on(t.renterId, t.subNo),
    index('form_submissions_form_idx').on(t.renterId, t.formId, t.createdAt),
    index('form_submissions_visitor_idx').on(t.formId, t.visitor),
    unique('form_submissions_renter_id_uq').on(t.renterId, t.id),
    // No foreign key on form_id: a form whose submissions hold no place (cancelled, never paid) may be deleted, and
    // they and their orders stay as history.
  ],
);
