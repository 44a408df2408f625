CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"kind" text DEFAULT 'image' NOT NULL,
	"path" text NOT NULL,
	"url" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"original_name" text DEFAULT '' NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" text NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"attached_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "files_renter_url_uq" ON "files" USING btree ("renter_id","url");--> statement-breakpoint
CREATE INDEX "files_renter_created_idx" ON "files" USING btree ("renter_id","created_at");--> statement-breakpoint
CREATE INDEX "files_renter_scope_owner_idx" ON "files" USING btree ("renter_id","scope","owner_id");