CREATE TABLE "visitor_upload_counts" (
	"renter_id" uuid NOT NULL,
	"scope" text NOT NULL,
	"visitor" text NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "visitor_upload_counts_renter_id_scope_visitor_pk" PRIMARY KEY("renter_id","scope","visitor"),
	CONSTRAINT "visitor_upload_counts_held_ck" CHECK ("visitor_upload_counts"."held" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"endpoint" text NOT NULL,
	"body_hash" text NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_state_ck" CHECK ("idempotency_keys"."state" in (1, 2))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_renter_user_key_uq" ON "idempotency_keys" USING btree ("renter_id","user_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
-- The caps counted unclaimed visitor files until now: start the counters from them.
INSERT INTO "visitor_upload_counts" ("renter_id", "scope", "visitor", "held")
SELECT "renter_id", "scope", "owner_id", count(*)::int FROM "files"
WHERE "owner_type" = 'visitor' AND "attached_to" IS NULL GROUP BY "renter_id", "scope", "owner_id";--> statement-breakpoint
INSERT INTO "visitor_upload_counts" ("renter_id", "scope", "visitor", "held")
SELECT "renter_id", "scope", '', count(*)::int FROM "files"
WHERE "owner_type" = 'visitor' AND "attached_to" IS NULL GROUP BY "renter_id", "scope";
