ALTER TABLE "member_imports" ADD COLUMN "headers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "member_imports" ADD COLUMN "existing_rows" integer DEFAULT 0 NOT NULL;