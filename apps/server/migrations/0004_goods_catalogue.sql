CREATE TABLE "file_dirs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_dirs_sibling_name_uq" UNIQUE NULLS NOT DISTINCT("renter_id","parent_id","name")
);
--> statement-breakpoint
CREATE TABLE "goods_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"no" integer NOT NULL,
	"parent_id" uuid,
	"path" text NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goods_types_renter_parent_name_uq" UNIQUE NULLS NOT DISTINCT("renter_id","parent_id","name")
);
--> statement-breakpoint
CREATE TABLE "goods_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"name" text NOT NULL,
	"sort" integer NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "thumb_path" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "thumb_url" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "dir_id" uuid;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "source" text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "source_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "goods_types_renter_no_uq" ON "goods_types" USING btree ("renter_id","no");--> statement-breakpoint
CREATE INDEX "goods_types_renter_path_idx" ON "goods_types" USING btree ("renter_id","path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "goods_units_renter_name_uq" ON "goods_units" USING btree ("renter_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_units_renter_sort_uq" ON "goods_units" USING btree ("renter_id","sort");--> statement-breakpoint
CREATE INDEX "files_renter_dir_created_idx" ON "files" USING btree ("renter_id","dir_id","created_at");