CREATE TABLE "export_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"file_path" text DEFAULT '' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "export_tasks_renter_id_uq" UNIQUE("renter_id","id")
);
--> statement-breakpoint
CREATE INDEX "export_tasks_renter_created_idx" ON "export_tasks" USING btree ("renter_id","created_at");--> statement-breakpoint
ALTER TABLE "export_tasks" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "export_tasks" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant ON "export_tasks" USING (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid) WITH CHECK (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid);
--> statement-breakpoint
-- 客户查询's keyword (phone, name or nickname contains it, any case): one trigram index over the text the query
-- matches, written exactly as customers.repository.ts `memberText` is (pg_trgm is installed by 0006).
CREATE INDEX IF NOT EXISTS "members_text_trgm_idx" ON "members" USING gin ((coalesce("phone", '') || ' ' || "name" || ' ' || "nickname") gin_trgm_ops);
