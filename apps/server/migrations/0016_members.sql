CREATE TABLE "member_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"renter_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"password_hash" text,
	"nickname" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"shop_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "members_renter_id_uq" UNIQUE("renter_id","id")
);
--> statement-breakpoint
ALTER TABLE "oper_logs" ADD COLUMN "actor" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD COLUMN "scope" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_tokens" ADD CONSTRAINT "member_tokens_member_fk" FOREIGN KEY ("renter_id","member_id") REFERENCES "public"."members"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_shop_fk" FOREIGN KEY ("renter_id","shop_id") REFERENCES "public"."shops"("renter_id","id") ON DELETE set null ("shop_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_tokens_member_idx" ON "member_tokens" USING btree ("renter_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_renter_phone_uq" ON "members" USING btree ("renter_id","phone");--> statement-breakpoint
CREATE INDEX "members_renter_created_idx" ON "members" USING btree ("renter_id","created_at");