-- Every unique key and foreign key of a tenant table includes renter_id (issue 13 §4): a row can only point at a
-- parent of its own renter, whatever the application forgets. (renter_id, id) is unique on each referenced table.
DROP INDEX "image_transfer_items_task_seq_uq";
--> statement-breakpoint
CREATE UNIQUE INDEX "image_transfer_items_task_seq_uq" ON "image_transfer_items" USING btree ("renter_id","task_id","seq");
--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_renter_id_uq" UNIQUE("renter_id","id");
--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_renter_id_uq" UNIQUE("renter_id","id");
--> statement-breakpoint
ALTER TABLE "file_dirs" ADD CONSTRAINT "file_dirs_renter_id_uq" UNIQUE("renter_id","id");
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_renter_id_uq" UNIQUE("renter_id","id");
--> statement-breakpoint
ALTER TABLE "image_transfer_tasks" ADD CONSTRAINT "image_transfer_tasks_renter_id_uq" UNIQUE("renter_id","id");
--> statement-breakpoint
ALTER TABLE "pay_orders" ADD CONSTRAINT "pay_orders_renter_id_uq" UNIQUE("renter_id","id");
--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_renter_id_uq" UNIQUE("renter_id","id");
--> statement-breakpoint
ALTER TABLE "form_orders" ADD CONSTRAINT "form_orders_renter_id_uq" UNIQUE("renter_id","id");
--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_renter_id_uq" UNIQUE("renter_id","id");
--> statement-breakpoint
ALTER TABLE "goods_activities" ADD CONSTRAINT "goods_activities_renter_id_uq" UNIQUE("renter_id","id");
--> statement-breakpoint
ALTER TABLE "goods_skus" ADD CONSTRAINT "goods_skus_renter_id_uq" UNIQUE("renter_id","id");
--> statement-breakpoint
ALTER TABLE "goods_types" ADD CONSTRAINT "goods_types_renter_id_uq" UNIQUE("renter_id","id");
--> statement-breakpoint
ALTER TABLE "goods_units" ADD CONSTRAINT "goods_units_renter_id_uq" UNIQUE("renter_id","id");
--> statement-breakpoint
ALTER TABLE "points_goods" ADD CONSTRAINT "points_goods_renter_id_uq" UNIQUE("renter_id","id");--> statement-breakpoint
-- Rows that point at a parent of another renter or at nothing (written before these keys existed) are let go of
-- first, as the new keys would: optional links become null, rows that only exist for their parent are deleted.
UPDATE "goods" g SET "category_id" = NULL WHERE "category_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "goods_types" p WHERE p."renter_id" = g."renter_id" AND p."id" = g."category_id");--> statement-breakpoint
UPDATE "goods" g SET "unit_id" = NULL WHERE "unit_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "goods_units" p WHERE p."renter_id" = g."renter_id" AND p."id" = g."unit_id");--> statement-breakpoint
DELETE FROM "goods_skus" c WHERE NOT EXISTS (SELECT 1 FROM "goods" p WHERE p."renter_id" = c."renter_id" AND p."id" = c."goods_id");--> statement-breakpoint
UPDATE "points_goods" c SET "goods_id" = NULL WHERE "goods_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "goods" p WHERE p."renter_id" = c."renter_id" AND p."id" = c."goods_id");--> statement-breakpoint
DELETE FROM "goods_activity_skus" c WHERE NOT EXISTS (SELECT 1 FROM "goods_activities" p WHERE p."renter_id" = c."renter_id" AND p."id" = c."activity_id")
  OR NOT EXISTS (SELECT 1 FROM "goods" p WHERE p."renter_id" = c."renter_id" AND p."id" = c."goods_id")
  OR NOT EXISTS (SELECT 1 FROM "goods_skus" p WHERE p."renter_id" = c."renter_id" AND p."id" = c."sku_id");--> statement-breakpoint
UPDATE "files" c SET "dir_id" = NULL WHERE "dir_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "file_dirs" p WHERE p."renter_id" = c."renter_id" AND p."id" = c."dir_id");--> statement-breakpoint
UPDATE "image_transfer_items" c SET "file_id" = NULL WHERE "file_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "files" p WHERE p."renter_id" = c."renter_id" AND p."id" = c."file_id");--> statement-breakpoint
UPDATE "form_orders" c SET "pay_order_id" = NULL WHERE "pay_order_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "pay_orders" p WHERE p."renter_id" = c."renter_id" AND p."id" = c."pay_order_id");--> statement-breakpoint
UPDATE "renter_buys" c SET "pay_order_id" = NULL WHERE "pay_order_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "pay_orders" p WHERE p."renter_id" = c."renter_id" AND p."id" = c."pay_order_id");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_shop_fk" FOREIGN KEY ("renter_id","shop_id") REFERENCES "public"."shops"("renter_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_role_fk" FOREIGN KEY ("renter_id","role_id") REFERENCES "public"."roles"("renter_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_dirs" ADD CONSTRAINT "file_dirs_parent_fk" FOREIGN KEY ("renter_id","parent_id") REFERENCES "public"."file_dirs"("renter_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_dir_fk" FOREIGN KEY ("renter_id","dir_id") REFERENCES "public"."file_dirs"("renter_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_transfer_items" ADD CONSTRAINT "image_transfer_items_task_fk" FOREIGN KEY ("renter_id","task_id") REFERENCES "public"."image_transfer_tasks"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_transfer_items" ADD CONSTRAINT "image_transfer_items_file_fk" FOREIGN KEY ("renter_id","file_id") REFERENCES "public"."files"("renter_id","id") ON DELETE set null ("file_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_refunds" ADD CONSTRAINT "pay_refunds_order_fk" FOREIGN KEY ("renter_id","pay_order_id") REFERENCES "public"."pay_orders"("renter_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_order_takes" ADD CONSTRAINT "form_order_takes_order_fk" FOREIGN KEY ("renter_id","order_id") REFERENCES "public"."form_orders"("renter_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_orders" ADD CONSTRAINT "form_orders_submission_fk" FOREIGN KEY ("renter_id","submission_id") REFERENCES "public"."form_submissions"("renter_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_orders" ADD CONSTRAINT "form_orders_pay_order_fk" FOREIGN KEY ("renter_id","pay_order_id") REFERENCES "public"."pay_orders"("renter_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_category_fk" FOREIGN KEY ("renter_id","category_id") REFERENCES "public"."goods_types"("renter_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_unit_fk" FOREIGN KEY ("renter_id","unit_id") REFERENCES "public"."goods_units"("renter_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_activity_skus" ADD CONSTRAINT "goods_activity_skus_activity_fk" FOREIGN KEY ("renter_id","activity_id") REFERENCES "public"."goods_activities"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_activity_skus" ADD CONSTRAINT "goods_activity_skus_goods_fk" FOREIGN KEY ("renter_id","goods_id") REFERENCES "public"."goods"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_activity_skus" ADD CONSTRAINT "goods_activity_skus_sku_fk" FOREIGN KEY ("renter_id","sku_id") REFERENCES "public"."goods_skus"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_skus" ADD CONSTRAINT "goods_skus_goods_fk" FOREIGN KEY ("renter_id","goods_id") REFERENCES "public"."goods"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_types" ADD CONSTRAINT "goods_types_parent_fk" FOREIGN KEY ("renter_id","parent_id") REFERENCES "public"."goods_types"("renter_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_goods" ADD CONSTRAINT "points_goods_goods_fk" FOREIGN KEY ("renter_id","goods_id") REFERENCES "public"."goods"("renter_id","id") ON DELETE set null ("goods_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renter_buys" ADD CONSTRAINT "renter_buys_pay_order_fk" FOREIGN KEY ("renter_id","pay_order_id") REFERENCES "public"."pay_orders"("renter_id","id") ON DELETE no action ON UPDATE no action;
