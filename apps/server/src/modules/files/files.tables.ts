import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** An uploaded file. The bytes live in the FileStorage at `path`; the row says whose it is and where it is used. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    /** 'image', 'video' (MP4) or 'cert' (private: PEM or P12). */
    kind: text('kind').notNull().default('image'),
    /** Relative to the storage root: <renterId>/<yyyy>/<mm>/<uuid>.<ext> (certificates: in the private storage). */
    path: text('path').notNull(),
    /** /file/<path>; private:<path> for a certificate, which is never served. */
    url: text('url').notNull(),
    /** The 200px WebP thumbnail of an image, beside the file (<uuid>.thumb.webp); null when there is none. */
    thumbPath: text('thumb_path'),
    thumbUrl: text('thumb_url'),
    /** The media-library directory; null at the root (未分组). */
    dirId: uuid('dir_id'),
    /** 'upload', 'base64' or 'url' (提取网络图片, with sourceUrl). */
    source: text('source').notNull().default('upload'),
    sourceUrl: text('source_url').notNull().default(''),
    /** Sniffed from the content. */
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    originalName: text('original_name').notNull().default(''),
    /** 'staff' (console) or 'visitor' (public fill page). */
    ownerType: text('owner_type').notNull(),
    /** The user id of staff, or the browser's visitor id. */
    ownerId: text('owner_id').notNull(),
    /** Where a visitor may use it, e.g. form:<formId>; '' for staff uploads. */
    scope: text('scope').notNull().default(''),
    /** What uses it once claimed (a submission id); null while unused. */
    attachedTo: text('attached_to'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('files_renter_url_uq').on(t.renterId, t.url),
    index('files_renter_created_idx').on(t.renterId, t.createdAt),
    index('files_renter_scope_owner_idx').on(t.renterId, t.scope, t.ownerId),
    index('files_renter_dir_created_idx').on(t.renterId, t.dirId, t.createdAt),
    unique('files_renter_id_uq').on(t.renterId, t.id),
    // A directory with files cannot be deleted (DelDir refuses it first).
    foreignKey({ name: 'files_dir_fk', columns: [t.renterId, t.dirId], foreignColumns: [fileDirs.renterId, fileDirs.id] }),
  ],
);

/**
 * How many unclaimed images a visitor holds in a scope (a form), and in total per scope (visitor ''): the public
 * upload caps are one conditional upsert on these rows (visitor-files.service.ts), never a count of `files`.
 */
export const visitorUploadCounts = pgTable(
  'visitor_upload_counts',
  {
    renterId: uuid('renter_id').notNull(),
    scope: text('scope').notNull(),
    /** The browser's visitor id; '' for the row of all visitors of the scope. */
    visitor: text('visitor').notNull(),
    held: integer('held').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.renterId, t.scope, t.visitor] }), check('visitor_upload_counts_held_ck', sql`${t.held} >= 0`)],
);

/** A directory of the media library: any depth, names unique among siblings (the root's children too). */
export const fileDirs = pgTable(
  'file_dirs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    /** null at the root. */
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('file_dirs_sibling_name_uq').on(t.renterId, t.parentId, t.name).nullsNotDistinct(),
    unique('file_dirs_renter_id_uq').on(t.renterId, t.id),
    foreignKey({ name: 'file_dirs_parent_fk', columns: [t.renterId, t.parentId], foreignColumns: [t.renterId, t.id] }),
  ],
);

/** A batch image transfer (批量图片转存): external image addresses fetched into the media library in the background. */
export const imageTransferTasks = pgTable(
  'image_transfer_tasks',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    /** Target media-library directory; null at the root. */
    dirId: uuid('dir_id'),
    /** 0 queued, 1 running, 2 finished. */
    status: integer('status').notNull().default(0),
    total: integer('total').notNull().default(0),
    doneCount: integer('done_count').notNull().default(0),
    okCount: integer('ok_count').notNull().default(0),
    failCount: integer('fail_count').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('image_transfer_tasks_renter_created_idx').on(t.renterId, t.createdAt),
    unique('image_transfer_tasks_renter_id_uq').on(t.renterId, t.id),
    // No foreign key on dir_id: the target directory may be deleted while the task runs (its items then fail with
    // 目录不存在或已删除) or after it, and the task keeps saying where it was going.
    check('image_transfer_tasks_counts', sql`${t.doneCount} <= ${t.total}`),
  ],
);

/** One address of a transfer, in the order given, with its result. */
export const imageTransferItems = pgTable(
  'image_transfer_items',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    renterId: uuid('renter_id').notNull(),
    taskId: uuid('task_id').notNull(),
    seq: integer('seq').notNull(),
    url: text('url').notNull(),
    /** 0 waiting, 1 saved, 2 failed. */
    status: integer('status').notNull().default(0),
    error: text('error').notNull().default(''),
    fileId: uuid('file_id'),
    fileUrl: text('file_url').notNull().default(''),
    /**
     * A waiting item a job is fetching, until then (transfer.job.ts claims it with one UPDATE): no other job takes it
     * meanwhile; one whose job died is taken again once this has passed.
     */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('image_transfer_items_task_seq_uq').on(t.renterId, t.taskId, t.seq),
    foreignKey({
      name: 'image_transfer_items_task_fk',
      columns: [t.renterId, t.taskId],
      foreignColumns: [imageTransferTasks.renterId, imageTransferTasks.id],
    }).onDelete('cascade'),
    // A deleted file leaves the item saying which address it came from (migration 0016 sets only file_id null).
    foreignKey({
      name: 'image_transfer_items_file_fk',
      columns: [t.renterId, t.fileId],
      foreignColumns: [files.renterId, files.id],
    }).onDelete('set null'),
  ],
);
