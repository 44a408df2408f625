ALTER TABLE "goods_order_lines" ADD COLUMN "activity_id" uuid;--> statement-breakpoint
ALTER TABLE "goods_order_lines" ADD COLUMN "activity_type" smallint;--> statement-breakpoint
ALTER TABLE "goods_order_lines" ADD COLUMN "activity_price_fen" bigint;--> statement-breakpoint
ALTER TABLE "goods_order_lines" ADD COLUMN "activity_returned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "goods_order_lines_activity_idx" ON "goods_order_lines" USING btree ("renter_id","activity_id","order_id") WHERE "goods_order_lines"."activity_id" is not null;