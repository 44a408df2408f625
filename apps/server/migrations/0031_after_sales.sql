CREATE TABLE "after_sale_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"after_sale_id" uuid NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text DEFAULT '' NOT NULL,
	"actor_name" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount_fen" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "after_sale_settings" (
	"renter_id" uuid PRIMARY KEY NOT NULL,
	"auto_agree_unshipped" boolean DEFAULT false NOT NULL,
	"reply_days" integer DEFAULT 7 NOT NULL,
	"return_days" integer DEFAULT 7 NOT NULL,
	"apply_days" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "after_sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"after_sale_no" text NOT NULL,
	"order_id" uuid NOT NULL,
	"order_no" text NOT NULL,
	"member_id" uuid NOT NULL,
	"member_phone" text DEFAULT '' NOT NULL,
	"type" smallint NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"unshipped" boolean DEFAULT false NOT NULL,
	"items" jsonb NOT NULL,
	"reason" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"refund_fen" bigint DEFAULT 0 NOT NULL,
	"refund_attempts" integer DEFAULT 0 NOT NULL,
	"units_done" boolean DEFAULT false NOT NULL,
	"refuse_reason" text DEFAULT '' NOT NULL,
	"return_address" jsonb,
	"return_company" text DEFAULT '' NOT NULL,
	"return_tracking_no" text DEFAULT '' NOT NULL,
	"resend_company" text DEFAULT '' NOT NULL,
	"resend_tracking_no" text DEFAULT '' NOT NULL,
	"deadline_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "after_sales_renter_id_uq" UNIQUE("renter_id","id"),
	CONSTRAINT "after_sales_money" CHECK ("after_sales"."amount_fen" >= 0 and "after_sales"."refund_fen" >= 0 and "after_sales"."refund_fen" <= "after_sales"."amount_fen")
);
--> statement-breakpoint
ALTER TABLE "after_sale_logs" ADD CONSTRAINT "after_sale_logs_fk" FOREIGN KEY ("renter_id","after_sale_id") REFERENCES "public"."after_sales"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "after_sales" ADD CONSTRAINT "after_sales_order_fk" FOREIGN KEY ("renter_id","order_id") REFERENCES "public"."goods_orders"("renter_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "after_sale_logs_idx" ON "after_sale_logs" USING btree ("renter_id","after_sale_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "after_sales_renter_no_uq" ON "after_sales" USING btree ("renter_id","after_sale_no");--> statement-breakpoint
CREATE INDEX "after_sales_renter_created_idx" ON "after_sales" USING btree ("renter_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "after_sales_renter_status_created_idx" ON "after_sales" USING btree ("renter_id","status","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "after_sales_renter_amount_idx" ON "after_sales" USING btree ("renter_id","amount_fen","id");--> statement-breakpoint
CREATE INDEX "after_sales_renter_order_no_idx" ON "after_sales" USING btree ("renter_id","order_no");--> statement-breakpoint
CREATE INDEX "after_sales_renter_phone_idx" ON "after_sales" USING btree ("renter_id","member_phone","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "after_sales_order_idx" ON "after_sales" USING btree ("renter_id","order_id","created_at");--> statement-breakpoint
CREATE INDEX "after_sales_member_idx" ON "after_sales" USING btree ("renter_id","member_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "after_sales" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "after_sales" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant ON "after_sales" USING (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid) WITH CHECK (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "after_sale_logs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "after_sale_logs" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant ON "after_sale_logs" USING (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid) WITH CHECK (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "after_sale_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "after_sale_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant ON "after_sale_settings" USING (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid) WITH CHECK (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid);
