CREATE TABLE "pay_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"renter_id" uuid NOT NULL,
	"biz_type" text NOT NULL,
	"biz_id" uuid NOT NULL,
	"out_trade_no" text NOT NULL,
	"subject" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text DEFAULT '' NOT NULL,
	"qr_code" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_orders_amount_ck" CHECK ("pay_orders"."amount_fen" > 0),
	CONSTRAINT "pay_orders_refunded_ck" CHECK ("pay_orders"."refunded_fen" >= 0 and "pay_orders"."refunded_fen" <= "pay_orders"."amount_fen")
);
--> statement-breakpoint
CREATE TABLE "pay_refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"renter_id" uuid NOT NULL,
	"pay_order_id" uuid NOT NULL,
	"refund_no" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"provider_ref" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_refunds_amount_ck" CHECK ("pay_refunds"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pay_orders_renter_no_uq" ON "pay_orders" USING btree ("renter_id","out_trade_no");--> statement-breakpoint
CREATE INDEX "pay_orders_no_idx" ON "pay_orders" USING btree ("out_trade_no");--> statement-breakpoint
CREATE INDEX "pay_orders_renter_biz_idx" ON "pay_orders" USING btree ("renter_id","biz_type","biz_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_refunds_renter_no_uq" ON "pay_refunds" USING btree ("renter_id","refund_no");--> statement-breakpoint
CREATE INDEX "pay_refunds_renter_order_idx" ON "pay_refunds" USING btree ("renter_id","pay_order_id");