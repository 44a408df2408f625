CREATE TABLE "goods_spec_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"name" text NOT NULL,
	"specs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "goods_spec_templates_renter_name_uq" ON "goods_spec_templates" USING btree ("renter_id","name");--> statement-breakpoint
CREATE INDEX "goods_spec_templates_renter_sort_idx" ON "goods_spec_templates" USING btree ("renter_id","sort","created_at");