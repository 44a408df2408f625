DROP INDEX "pay_orders_unpaid_idx";--> statement-breakpoint
DROP INDEX "pay_refunds_pending_idx";--> statement-breakpoint
ALTER TABLE "pay_orders" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pay_refunds" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "pay_orders_unpaid_idx" ON "pay_orders" USING btree ("checked_at","created_at") WHERE "pay_orders"."status" = 1;--> statement-breakpoint
CREATE INDEX "pay_refunds_pending_idx" ON "pay_refunds" USING btree ("checked_at","created_at") WHERE "pay_refunds"."status" = 1;