CREATE TABLE "delivery_settings" (
	"renter_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"express" integer DEFAULT 1 NOT NULL,
	"pickup" integer DEFAULT 0 NOT NULL,
	"local" integer DEFAULT 0 NOT NULL,
	"local_radius_m" integer DEFAULT 5000 NOT NULL,
	"local_min_fen" bigint DEFAULT 0 NOT NULL,
	"local_fee_fen" bigint DEFAULT 0 NOT NULL,
	"local_free_fen" bigint DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_settings_renter_id_shop_id_pk" PRIMARY KEY("renter_id","shop_id"),
	CONSTRAINT "delivery_settings_one_on_ck" CHECK ("delivery_settings"."express" + "delivery_settings"."pickup" + "delivery_settings"."local" >= 1)
);
--> statement-breakpoint
CREATE TABLE "express_accounts" (
	"renter_id" uuid PRIMARY KEY NOT NULL,
	"waybill_quota" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "express_accounts_quota_ck" CHECK ("express_accounts"."waybill_quota" >= 0)
);
--> statement-breakpoint
CREATE TABLE "express_buys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"package_id" text NOT NULL,
	"package_name" text NOT NULL,
	"waybills" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"pay_order_id" uuid,
	"qr_code" text DEFAULT '' NOT NULL,
	"created_by" uuid NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "express_buys_amount_ck" CHECK ("express_buys"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "freight_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"name" text NOT NULL,
	"charge_by" integer NOT NULL,
	"first_units" integer NOT NULL,
	"first_fen" bigint NOT NULL,
	"next_units" integer NOT NULL,
	"next_fen" bigint NOT NULL,
	"regions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"no_delivery" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"free_rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "freight_templates_renter_id_uq" UNIQUE("renter_id","id"),
	CONSTRAINT "freight_templates_charge_by_ck" CHECK ("freight_templates"."charge_by" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "pickup_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"name" text NOT NULL,
	"area" jsonb NOT NULL,
	"address" text NOT NULL,
	"lng" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"phone" text NOT NULL,
	"hours" jsonb NOT NULL,
	"staff_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickup_points_renter_id_uq" UNIQUE("renter_id","id")
);
--> statement-breakpoint
ALTER TABLE "delivery_settings" ADD CONSTRAINT "delivery_settings_shop_fk" FOREIGN KEY ("renter_id","shop_id") REFERENCES "public"."shops"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "express_buys" ADD CONSTRAINT "express_buys_pay_order_fk" FOREIGN KEY ("renter_id","pay_order_id") REFERENCES "public"."pay_orders"("renter_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "express_buys_renter_created_idx" ON "express_buys" USING btree ("renter_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "express_buys_renter_status_created_idx" ON "express_buys" USING btree ("renter_id","status","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "freight_templates_renter_name_uq" ON "freight_templates" USING btree ("renter_id","name");--> statement-breakpoint
CREATE INDEX "freight_templates_renter_created_idx" ON "freight_templates" USING btree ("renter_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "pickup_points_renter_created_idx" ON "pickup_points" USING btree ("renter_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_freight_template_fk" FOREIGN KEY ("renter_id","freight_template_id") REFERENCES "public"."freight_templates"("renter_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_renter_freight_template_idx" ON "goods" USING btree ("renter_id","freight_template_id") WHERE "goods"."freight_template_id" is not null;--> statement-breakpoint
-- Row-level security of the delivery tables (core/README "Row-level security").
ALTER TABLE "delivery_settings" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "delivery_settings" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON "delivery_settings" USING (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid) WITH CHECK (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "pickup_points" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "pickup_points" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON "pickup_points" USING (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid) WITH CHECK (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "freight_templates" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "freight_templates" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON "freight_templates" USING (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid) WITH CHECK (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "express_accounts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "express_accounts" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON "express_accounts" USING (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid) WITH CHECK (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid);
--> statement-breakpoint
ALTER TABLE "express_buys" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "express_buys" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant ON "express_buys" USING (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid) WITH CHECK (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid);
