-- Refunds carry a typed business reference instead of a key prefix to parse.
ALTER TABLE "pay_refunds" ADD COLUMN "biz_type" text;--> statement-breakpoint
ALTER TABLE "pay_refunds" ADD COLUMN "biz_id" uuid;--> statement-breakpoint
UPDATE "pay_refunds" SET "biz_type" = 'after-sale', "biz_id" = substring("intent_key" from 19 for 36)::uuid
  WHERE "intent_key" LIKE 'after-sale-refund:%';--> statement-breakpoint
UPDATE "pay_refunds" r SET "biz_type" = o."biz_type", "biz_id" = o."biz_id"
  FROM "pay_orders" o WHERE r."biz_type" IS NULL AND o."renter_id" = r."renter_id" AND o."id" = r."pay_order_id";--> statement-breakpoint
ALTER TABLE "pay_refunds" ALTER COLUMN "biz_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_refunds" ALTER COLUMN "biz_id" SET NOT NULL;--> statement-breakpoint
-- One open pay order per business record. Where a record has several (links opened by concurrent retries), the one the
-- order points at stays open, else the newest; the others are closed here. A payment still made through one of them
-- arrives as a payment of a closed pay order and is refunded automatically.
UPDATE "pay_orders" p SET "status" = 3, "closed_at" = now()
  WHERE p."status" = 1
    AND EXISTS (SELECT 1 FROM "pay_orders" q WHERE q."renter_id" = p."renter_id" AND q."biz_type" = p."biz_type"
                AND q."biz_id" = p."biz_id" AND q."status" = 1 AND q."id" <> p."id")
    AND NOT EXISTS (SELECT 1 FROM "goods_orders" g WHERE g."renter_id" = p."renter_id" AND g."pay_order_id" = p."id")
    AND NOT EXISTS (SELECT 1 FROM "form_orders" f WHERE f."renter_id" = p."renter_id" AND f."pay_order_id" = p."id")
    AND NOT EXISTS (SELECT 1 FROM "member_orders" m WHERE m."renter_id" = p."renter_id" AND m."pay_order_id" = p."id");--> statement-breakpoint
UPDATE "pay_orders" p SET "status" = 3, "closed_at" = now()
  WHERE p."status" = 1
    AND EXISTS (SELECT 1 FROM "pay_orders" q WHERE q."renter_id" = p."renter_id" AND q."biz_type" = p."biz_type"
                AND q."biz_id" = p."biz_id" AND q."status" = 1 AND (q."created_at", q."id") > (p."created_at", p."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "pay_orders_open_biz_uq" ON "pay_orders" USING btree ("renter_id","biz_type","biz_id") WHERE "pay_orders"."status" = 1;--> statement-breakpoint
CREATE INDEX "pay_refunds_renter_biz_idx" ON "pay_refunds" USING btree ("renter_id","biz_type","biz_id");
