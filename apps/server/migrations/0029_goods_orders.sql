CREATE TABLE "carts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"goods_id" uuid NOT NULL,
	"sku_id" uuid NOT NULL,
	"qty" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_renter_id_uq" UNIQUE("renter_id","id"),
	CONSTRAINT "carts_qty_pos" CHECK ("carts"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "goods_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"goods_id" uuid NOT NULL,
	"sku_id" uuid NOT NULL,
	"title" text NOT NULL,
	"sku_text" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"unit_fen" bigint NOT NULL,
	"qty" integer NOT NULL,
	"line_fen" bigint NOT NULL,
	"discount_fen" bigint DEFAULT 0 NOT NULL,
	"refunded_qty" integer DEFAULT 0 NOT NULL,
	"shipped_qty" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "goods_order_lines_renter_id_uq" UNIQUE("renter_id","id"),
	CONSTRAINT "goods_order_lines_qty" CHECK ("goods_order_lines"."qty" > 0 and "goods_order_lines"."refunded_qty" >= 0 and "goods_order_lines"."refunded_qty" <= "goods_order_lines"."qty" and "goods_order_lines"."shipped_qty" >= 0 and "goods_order_lines"."shipped_qty" <= "goods_order_lines"."qty")
);
--> statement-breakpoint
CREATE TABLE "goods_order_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" smallint,
	"to_status" smallint,
	"action" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text DEFAULT '' NOT NULL,
	"actor_name" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_order_parcels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"company_code" text NOT NULL,
	"company_name" text NOT NULL,
	"tracking_no" text NOT NULL,
	"items" jsonb NOT NULL,
	"shipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	"shipped_by" uuid,
	CONSTRAINT "goods_order_parcels_renter_id_uq" UNIQUE("renter_id","id")
);
--> statement-breakpoint
CREATE TABLE "goods_order_takes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"code" text NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"order_no" text NOT NULL,
	"member_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"delivery_method" smallint NOT NULL,
	"address" jsonb,
	"member_phone" text DEFAULT '' NOT NULL,
	"pickup_point_id" uuid,
	"pickup_code" text,
	"buyer_note" text DEFAULT '' NOT NULL,
	"seller_note" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"goods_fen" bigint NOT NULL,
	"discount_fen" bigint DEFAULT 0 NOT NULL,
	"freight_fen" bigint DEFAULT 0 NOT NULL,
	"pay_fen" bigint NOT NULL,
	"paid_fen" bigint DEFAULT 0 NOT NULL,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	"pay_order_id" uuid,
	"pay_method" text DEFAULT '' NOT NULL,
	"request_key" text,
	"paid_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"close_reason" text DEFAULT '' NOT NULL,
	"after_sale_open" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_orders_renter_id_uq" UNIQUE("renter_id","id"),
	CONSTRAINT "goods_orders_money_nonneg" CHECK ("goods_orders"."goods_fen" >= 0 and "goods_orders"."discount_fen" >= 0 and "goods_orders"."freight_fen" >= 0 and "goods_orders"."pay_fen" >= 0),
	CONSTRAINT "goods_orders_refund_le_paid" CHECK ("goods_orders"."paid_fen" >= 0 and "goods_orders"."refunded_fen" >= 0 and "goods_orders"."refunded_fen" <= "goods_orders"."paid_fen")
);
--> statement-breakpoint
CREATE TABLE "member_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"area" jsonb NOT NULL,
	"area_text" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_addresses_renter_id_uq" UNIQUE("renter_id","id")
);
--> statement-breakpoint
CREATE TABLE "goods_stock_moves" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"sku_id" uuid NOT NULL,
	"goods_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"idem_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_stock_moves_after_nonneg" CHECK ("goods_stock_moves"."stock_after" >= 0),
	CONSTRAINT "goods_stock_moves_delta_nonzero" CHECK ("goods_stock_moves"."delta" <> 0)
);
--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_member_fk" FOREIGN KEY ("renter_id","member_id") REFERENCES "public"."members"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_order_lines" ADD CONSTRAINT "goods_order_lines_order_fk" FOREIGN KEY ("renter_id","order_id") REFERENCES "public"."goods_orders"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_order_logs" ADD CONSTRAINT "goods_order_logs_order_fk" FOREIGN KEY ("renter_id","order_id") REFERENCES "public"."goods_orders"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_order_parcels" ADD CONSTRAINT "goods_order_parcels_order_fk" FOREIGN KEY ("renter_id","order_id") REFERENCES "public"."goods_orders"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_order_takes" ADD CONSTRAINT "goods_order_takes_order_fk" FOREIGN KEY ("renter_id","order_id") REFERENCES "public"."goods_orders"("renter_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_orders" ADD CONSTRAINT "goods_orders_member_fk" FOREIGN KEY ("renter_id","member_id") REFERENCES "public"."members"("renter_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_orders" ADD CONSTRAINT "goods_orders_pay_order_fk" FOREIGN KEY ("renter_id","pay_order_id") REFERENCES "public"."pay_orders"("renter_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_addresses" ADD CONSTRAINT "member_addresses_member_fk" FOREIGN KEY ("renter_id","member_id") REFERENCES "public"."members"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_member_sku_uq" ON "carts" USING btree ("renter_id","member_id","sku_id");--> statement-breakpoint
CREATE INDEX "goods_order_lines_order_idx" ON "goods_order_lines" USING btree ("renter_id","order_id","sort");--> statement-breakpoint
CREATE INDEX "goods_order_lines_member_goods_idx" ON "goods_order_lines" USING btree ("renter_id","member_id","goods_id");--> statement-breakpoint
CREATE INDEX "goods_order_lines_title_idx" ON "goods_order_lines" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_order_logs_order_idx" ON "goods_order_logs" USING btree ("renter_id","order_id","created_at");--> statement-breakpoint
CREATE INDEX "goods_order_parcels_order_idx" ON "goods_order_parcels" USING btree ("renter_id","order_id","shipped_at");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_order_parcels_tracking_uq" ON "goods_order_parcels" USING btree ("renter_id","order_id","company_code","tracking_no");--> statement-breakpoint
CREATE INDEX "goods_order_takes_renter_idx" ON "goods_order_takes" USING btree ("renter_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "goods_order_takes_order_uq" ON "goods_order_takes" USING btree ("renter_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_orders_renter_no_uq" ON "goods_orders" USING btree ("renter_id","order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_orders_renter_pickup_code_uq" ON "goods_orders" USING btree ("renter_id","pickup_code");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_orders_request_key_uq" ON "goods_orders" USING btree ("renter_id","member_id","request_key");--> statement-breakpoint
CREATE INDEX "goods_orders_renter_created_idx" ON "goods_orders" USING btree ("renter_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "goods_orders_renter_status_created_idx" ON "goods_orders" USING btree ("renter_id","status","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "goods_orders_renter_after_sale_idx" ON "goods_orders" USING btree ("renter_id","created_at" DESC NULLS LAST,"id") WHERE "goods_orders"."after_sale_open";--> statement-breakpoint
CREATE INDEX "goods_orders_renter_paid_idx" ON "goods_orders" USING btree ("renter_id","paid_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "goods_orders_renter_pay_fen_idx" ON "goods_orders" USING btree ("renter_id","pay_fen","id");--> statement-breakpoint
CREATE INDEX "goods_orders_renter_phone_idx" ON "goods_orders" USING btree ("renter_id","member_phone","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "goods_orders_member_idx" ON "goods_orders" USING btree ("renter_id","member_id","status","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "goods_orders_unpaid_idx" ON "goods_orders" USING btree ("created_at") WHERE "goods_orders"."status" = 0;--> statement-breakpoint
CREATE INDEX "member_addresses_member_idx" ON "member_addresses" USING btree ("renter_id","member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_addresses_one_default_uq" ON "member_addresses" USING btree ("renter_id","member_id") WHERE "member_addresses"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "goods_stock_moves_key_uq" ON "goods_stock_moves" USING btree ("renter_id","idem_key");--> statement-breakpoint
CREATE INDEX "goods_stock_moves_sku_idx" ON "goods_stock_moves" USING btree ("renter_id","sku_id","created_at");--> statement-breakpoint
CREATE INDEX "goods_stock_moves_order_idx" ON "goods_stock_moves" USING btree ("renter_id","order_id");--> statement-breakpoint
ALTER TABLE "goods_stock_moves" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "goods_stock_moves" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant ON "goods_stock_moves" USING (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid) WITH CHECK (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "goods_orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "goods_orders" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant ON "goods_orders" USING (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid) WITH CHECK (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "goods_order_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "goods_order_lines" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant ON "goods_order_lines" USING (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid) WITH CHECK (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "goods_order_logs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "goods_order_logs" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant ON "goods_order_logs" USING (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid) WITH CHECK (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "goods_order_parcels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "goods_order_parcels" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant ON "goods_order_parcels" USING (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid) WITH CHECK (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "goods_order_takes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "goods_order_takes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant ON "goods_order_takes" USING (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid) WITH CHECK (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "carts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "carts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant ON "carts" USING (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid) WITH CHECK (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "member_addresses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "member_addresses" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant ON "member_addresses" USING (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid) WITH CHECK (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid);
