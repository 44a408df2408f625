CREATE TABLE "goods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"goods_no" text NOT NULL,
	"title" text NOT NULL,
	"type" integer DEFAULT 1 NOT NULL,
	"category_id" uuid,
	"unit_id" uuid,
	"main_image" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"selling_point" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"spec_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"start_sale_at" timestamp with time zone,
	"sort" integer DEFAULT 0 NOT NULL,
	"join_vip" boolean DEFAULT false NOT NULL,
	"show_vip_price" boolean DEFAULT false NOT NULL,
	"have_vip_price" boolean DEFAULT false NOT NULL,
	"track_serial" boolean DEFAULT false NOT NULL,
	"purchase_limit" integer DEFAULT 0 NOT NULL,
	"post_fee_fen" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_skus" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"goods_id" uuid NOT NULL,
	"spec_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sku_key" text NOT NULL,
	"price_fen" integer NOT NULL,
	"original_price_fen" integer DEFAULT 0 NOT NULL,
	"cost_fen" integer DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"weight_g" integer DEFAULT 0 NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"barcode" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_skus_stock_nonneg" CHECK ("goods_skus"."stock" >= 0),
	CONSTRAINT "goods_skus_price_nonneg" CHECK ("goods_skus"."price_fen" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "goods_renter_no_uq" ON "goods" USING btree ("renter_id","goods_no");--> statement-breakpoint
CREATE INDEX "goods_renter_status_sort_idx" ON "goods" USING btree ("renter_id","status","sort","created_at");--> statement-breakpoint
CREATE INDEX "goods_renter_created_idx" ON "goods" USING btree ("renter_id","created_at");--> statement-breakpoint
CREATE INDEX "goods_renter_category_idx" ON "goods" USING btree ("renter_id","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_skus_goods_key_uq" ON "goods_skus" USING btree ("renter_id","goods_id","sku_key");--> statement-breakpoint
CREATE INDEX "goods_skus_renter_barcode_idx" ON "goods_skus" USING btree ("renter_id","barcode");