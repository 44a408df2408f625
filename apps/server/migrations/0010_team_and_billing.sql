CREATE TABLE "user_binds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"openid" text NOT NULL,
	"unionid" text DEFAULT '' NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renter_configs" (
	"renter_id" uuid NOT NULL,
	"key" text NOT NULL,
	"value" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret" text DEFAULT '' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renter_configs_renter_id_key_pk" PRIMARY KEY("renter_id","key")
);
--> statement-breakpoint
CREATE TABLE "return_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"area" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"address" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"annual_price_fen" integer NOT NULL,
	"buyout_price_fen" integer NOT NULL,
	"can_buyout" boolean DEFAULT true NOT NULL,
	"can_annual" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renter_apps" (
	"renter_id" uuid NOT NULL,
	"app_id" text NOT NULL,
	"mdornf" integer NOT NULL,
	"service_end_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renter_apps_renter_id_app_id_pk" PRIMARY KEY("renter_id","app_id")
);
--> statement-breakpoint
CREATE TABLE "renter_buys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"app_id" text,
	"mdornf" integer NOT NULL,
	"years" integer DEFAULT 0 NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"pay_order_id" uuid,
	"created_by" uuid NOT NULL,
	"end_before" timestamp with time zone,
	"end_after" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "renter_buys_amount_ck" CHECK ("renter_buys"."amount_fen" > 0),
	CONSTRAINT "renter_buys_years_ck" CHECK ("renter_buys"."years" >= 0)
);
--> statement-breakpoint
ALTER TABLE "renters" ADD COLUMN "contact_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "renters" ADD COLUMN "contact_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "renters" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "logo" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "area" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "business_hours" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "intro" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "invited_by" uuid;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "user_binds_kind_openid_uq" ON "user_binds" USING btree ("kind","openid");--> statement-breakpoint
CREATE UNIQUE INDEX "user_binds_user_kind_uq" ON "user_binds" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "return_addresses_renter_idx" ON "return_addresses" USING btree ("renter_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "return_addresses_one_default_uq" ON "return_addresses" USING btree ("renter_id") WHERE "return_addresses"."is_default";--> statement-breakpoint
CREATE INDEX "renter_buys_renter_idx" ON "renter_buys" USING btree ("renter_id","created_at");--> statement-breakpoint
CREATE INDEX "oper_logs_renter_module_idx" ON "oper_logs" USING btree ("renter_id","module","created_at");--> statement-breakpoint
CREATE INDEX "oper_logs_renter_user_idx" ON "oper_logs" USING btree ("renter_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_renter_role_idx" ON "staff" USING btree ("renter_id","role_id");--> statement-breakpoint
CREATE INDEX "staff_renter_created_idx" ON "staff" USING btree ("renter_id","created_at");--> statement-breakpoint
-- Roles granted menu keys before operations existed: keep what they could do (every operation on their entries).
UPDATE "roles" SET "menu_keys" = (
	SELECT coalesce(jsonb_agg(g ORDER BY g), '[]'::jsonb) FROM (
		SELECT k AS g FROM jsonb_array_elements_text("roles"."menu_keys") AS k
		UNION SELECT k || ':' || op FROM jsonb_array_elements_text("roles"."menu_keys") AS k, unnest(ARRAY['edit', 'delete', 'export']) AS op
		WHERE position(':' in k) = 0
	) AS grants
) WHERE NOT "is_owner";
