CREATE TABLE "image_transfer_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"url" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"file_id" uuid,
	"file_url" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "image_transfer_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"dir_id" uuid,
	"status" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done_count" integer DEFAULT 0 NOT NULL,
	"ok_count" integer DEFAULT 0 NOT NULL,
	"fail_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "image_transfer_tasks_counts" CHECK ("image_transfer_tasks"."done_count" <= "image_transfer_tasks"."total")
);
--> statement-breakpoint
CREATE TABLE "goods_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" integer DEFAULT 1 NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"per_member_limit" integer DEFAULT 0 NOT NULL,
	"tag" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_activity_skus" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"activity_id" uuid NOT NULL,
	"goods_id" uuid NOT NULL,
	"sku_id" uuid NOT NULL,
	"price_fen" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "goods_activity_skus_stock_nonneg" CHECK ("goods_activity_skus"."stock" >= 0),
	CONSTRAINT "goods_activity_skus_price_nonneg" CHECK ("goods_activity_skus"."price_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "goods_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"bad_rows" integer DEFAULT 0 NOT NULL,
	"rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"imported_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"imported_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "goods_property_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"name" text NOT NULL,
	"values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_return_score_configs" (
	"renter_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"points_per_yuan" integer DEFAULT 1 NOT NULL,
	"timing" integer DEFAULT 1 NOT NULL,
	"max_per_order" integer DEFAULT 0 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points_goods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"title" text NOT NULL,
	"kind" integer DEFAULT 1 NOT NULL,
	"goods_id" uuid,
	"main_image" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"points" integer NOT NULL,
	"cash_fen" integer DEFAULT 0 NOT NULL,
	"market_price_fen" integer DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"per_member_limit" integer DEFAULT 0 NOT NULL,
	"exchanged" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_goods_stock_nonneg" CHECK ("points_goods"."stock" >= 0),
	CONSTRAINT "points_goods_points_pos" CHECK ("points_goods"."points" > 0),
	CONSTRAINT "points_goods_cash_nonneg" CHECK ("points_goods"."cash_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_goods_exchanges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"points_goods_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"qty" integer NOT NULL,
	"points" integer NOT NULL,
	"cash_fen" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "post_fee_mode" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "freight_template_id" uuid;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "delivery" jsonb DEFAULT '["express"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "warranty_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "extensions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "min_price_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "max_price_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "goods" ADD COLUMN "total_stock" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "image_transfer_items_task_seq_uq" ON "image_transfer_items" USING btree ("task_id","seq");--> statement-breakpoint
CREATE INDEX "image_transfer_tasks_renter_created_idx" ON "image_transfer_tasks" USING btree ("renter_id","created_at");--> statement-breakpoint
CREATE INDEX "goods_activities_renter_created_idx" ON "goods_activities" USING btree ("renter_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_activity_skus_activity_sku_uq" ON "goods_activity_skus" USING btree ("renter_id","activity_id","sku_id");--> statement-breakpoint
CREATE INDEX "goods_activity_skus_renter_goods_idx" ON "goods_activity_skus" USING btree ("renter_id","goods_id");--> statement-breakpoint
CREATE INDEX "goods_imports_renter_created_idx" ON "goods_imports" USING btree ("renter_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_property_keys_renter_name_uq" ON "goods_property_keys" USING btree ("renter_id","name");--> statement-breakpoint
CREATE INDEX "points_goods_renter_status_sort_idx" ON "points_goods" USING btree ("renter_id","status","sort","created_at");--> statement-breakpoint
CREATE INDEX "points_goods_exchanges_goods_member_idx" ON "points_goods_exchanges" USING btree ("renter_id","points_goods_id","member_id");--> statement-breakpoint
CREATE INDEX "goods_renter_sort_created_idx" ON "goods" USING btree ("renter_id","sort","created_at");--> statement-breakpoint
CREATE INDEX "goods_renter_min_price_idx" ON "goods" USING btree ("renter_id","min_price_fen");--> statement-breakpoint
CREATE INDEX "goods_renter_total_stock_idx" ON "goods" USING btree ("renter_id","total_stock");--> statement-breakpoint
-- min / max SKU price and total stock on goods, kept by statement triggers on goods_skus (one refresh per statement,
-- over the goods the statement touched).
CREATE OR REPLACE FUNCTION goods_skus_refresh_aggregates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE goods g
     SET min_price_fen = coalesce(a.mn, 0), max_price_fen = coalesce(a.mx, 0), total_stock = coalesce(a.st, 0)
    FROM (
      SELECT c.renter_id, c.goods_id, min(s.price_fen) AS mn, max(s.price_fen) AS mx, sum(s.stock) AS st
        FROM (SELECT DISTINCT renter_id, goods_id FROM changed) c
        LEFT JOIN goods_skus s ON s.renter_id = c.renter_id AND s.goods_id = c.goods_id
       GROUP BY c.renter_id, c.goods_id
    ) a
   WHERE g.id = a.goods_id AND g.renter_id = a.renter_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER goods_skus_aggregates_ins AFTER INSERT ON goods_skus REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION goods_skus_refresh_aggregates();
--> statement-breakpoint
CREATE TRIGGER goods_skus_aggregates_upd AFTER UPDATE ON goods_skus REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION goods_skus_refresh_aggregates();
--> statement-breakpoint
CREATE TRIGGER goods_skus_aggregates_del AFTER DELETE ON goods_skus REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION goods_skus_refresh_aggregates();
--> statement-breakpoint
UPDATE goods g
   SET min_price_fen = a.mn, max_price_fen = a.mx, total_stock = a.st
  FROM (SELECT renter_id, goods_id, min(price_fen) AS mn, max(price_fen) AS mx, sum(stock) AS st
          FROM goods_skus GROUP BY renter_id, goods_id) a
 WHERE g.id = a.goods_id AND g.renter_id = a.renter_id;
--> statement-breakpoint
-- Keyword search (contains, any case) over titles and numbers.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX goods_title_trgm_idx ON goods USING gin (title gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX goods_no_trgm_idx ON goods USING gin (goods_no gin_trgm_ops);
