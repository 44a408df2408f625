CREATE TABLE "sandbox_provider_payments" (
	"out_trade_no" text PRIMARY KEY NOT NULL,
	"amount_fen" bigint NOT NULL,
	"status" text DEFAULT 'NOTPAY' NOT NULL,
	"transaction_id" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_provider_payments_amount_ck" CHECK ("sandbox_provider_payments"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_provider_refunds" (
	"refund_no" text PRIMARY KEY NOT NULL,
	"out_trade_no" text NOT NULL,
	"amount_fen" bigint NOT NULL,
	"refund_id" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_provider_refunds_amount_ck" CHECK ("sandbox_provider_refunds"."amount_fen" > 0)
);
--> statement-breakpoint
-- Hand-edited: refunds made before this migration were each their own intent (their number stands for it).
ALTER TABLE "pay_refunds" ADD COLUMN "intent_key" text;--> statement-breakpoint
UPDATE "pay_refunds" SET "intent_key" = "refund_no";--> statement-breakpoint
ALTER TABLE "pay_refunds" ALTER COLUMN "intent_key" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "sandbox_provider_refunds_trade_idx" ON "sandbox_provider_refunds" USING btree ("out_trade_no");--> statement-breakpoint
CREATE INDEX "pay_orders_unpaid_idx" ON "pay_orders" USING btree ("created_at") WHERE "pay_orders"."status" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_refunds_intent_uq" ON "pay_refunds" USING btree ("renter_id","pay_order_id","intent_key") WHERE "pay_refunds"."status" <> 3;--> statement-breakpoint
CREATE INDEX "pay_refunds_pending_idx" ON "pay_refunds" USING btree ("created_at") WHERE "pay_refunds"."status" = 1;