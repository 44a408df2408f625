CREATE TABLE "growth_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"change" integer NOT NULL,
	"growth_after" integer NOT NULL,
	"kind" smallint NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"level_before" text DEFAULT '' NOT NULL,
	"level_after" text DEFAULT '' NOT NULL,
	"operator_id" uuid,
	"operator_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "level_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"level_id" uuid NOT NULL,
	"level_name" text NOT NULL,
	"source" smallint NOT NULL,
	"order_id" uuid,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"operator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"card_no" text NOT NULL,
	"source" smallint NOT NULL,
	"amount_fen" bigint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"operator_id" uuid,
	"operator_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_group_links" (
	"renter_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_group_links_pk" PRIMARY KEY("group_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "member_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"name" text NOT NULL,
	"rule" jsonb NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"member_count" integer DEFAULT 0 NOT NULL,
	"counted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_groups_renter_id_uq" UNIQUE("renter_id","id")
);
--> statement-breakpoint
CREATE TABLE "member_import_rows" (
	"renter_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"row_no" integer NOT NULL,
	"data" jsonb NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"result" smallint DEFAULT 0 NOT NULL,
	"member_id" uuid,
	CONSTRAINT "member_import_rows_pk" PRIMARY KEY("import_id","row_no")
);
--> statement-breakpoint
CREATE TABLE "member_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"existing" smallint DEFAULT 1 NOT NULL,
	"mapping" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tag_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"bad_rows" integer DEFAULT 0 NOT NULL,
	"done_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "member_imports_renter_id_uq" UNIQUE("renter_id","id")
);
--> statement-breakpoint
CREATE TABLE "member_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"needpay" smallint DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"rank" integer NOT NULL,
	"growth" integer DEFAULT 0 NOT NULL,
	"price_fen" bigint DEFAULT 0 NOT NULL,
	"valid_days" integer DEFAULT 0 NOT NULL,
	"rights" jsonb NOT NULL,
	"card" jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_levels_renter_id_uq" UNIQUE("renter_id","id"),
	CONSTRAINT "member_levels_nonneg" CHECK ("member_levels"."growth" >= 0 and "member_levels"."price_fen" >= 0 and "member_levels"."valid_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_settings" (
	"renter_id" uuid PRIMARY KEY NOT NULL,
	"free_on" boolean DEFAULT true NOT NULL,
	"pay_on" boolean DEFAULT false NOT NULL,
	"audit_on" boolean DEFAULT false NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"tasks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"renovation" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_tag_links" (
	"renter_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_tag_links_pk" PRIMARY KEY("tag_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "member_tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" smallint DEFAULT 1 NOT NULL,
	"rule" jsonb,
	"member_count" integer DEFAULT 0 NOT NULL,
	"refreshed_at" timestamp with time zone,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_tags_renter_id_uq" UNIQUE("renter_id","id"),
	CONSTRAINT "member_tags_count_nonneg" CHECK ("member_tags"."member_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "vip_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"name" text NOT NULL,
	"needpay" smallint DEFAULT 0 NOT NULL,
	"price_fen" bigint DEFAULT 0 NOT NULL,
	"valid_days" integer DEFAULT 0 NOT NULL,
	"rights" jsonb NOT NULL,
	"cover" jsonb NOT NULL,
	"notice" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"holder_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_cards_renter_id_uq" UNIQUE("renter_id","id"),
	CONSTRAINT "vip_cards_nonneg" CHECK ("vip_cards"."price_fen" >= 0 and "vip_cards"."valid_days" >= 0 and "vip_cards"."holder_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "members" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "kind" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "visitor_id" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "sex" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "birthday" date;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "source" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "member_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "audit" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "growth" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "level_id" uuid;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "paid_level_id" uuid;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "paid_level_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "order_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "spend_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "last_order_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "balance_fen" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "points" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "growth_records" ADD CONSTRAINT "growth_records_member_fk" FOREIGN KEY ("renter_id","member_id") REFERENCES "public"."members"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "level_grants" ADD CONSTRAINT "level_grants_member_fk" FOREIGN KEY ("renter_id","member_id") REFERENCES "public"."members"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_card_fk" FOREIGN KEY ("renter_id","card_id") REFERENCES "public"."vip_cards"("renter_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_member_fk" FOREIGN KEY ("renter_id","member_id") REFERENCES "public"."members"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_events" ADD CONSTRAINT "member_events_member_fk" FOREIGN KEY ("renter_id","member_id") REFERENCES "public"."members"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_group_links" ADD CONSTRAINT "member_group_links_group_fk" FOREIGN KEY ("renter_id","group_id") REFERENCES "public"."member_groups"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_group_links" ADD CONSTRAINT "member_group_links_member_fk" FOREIGN KEY ("renter_id","member_id") REFERENCES "public"."members"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_import_rows" ADD CONSTRAINT "member_import_rows_import_fk" FOREIGN KEY ("renter_id","import_id") REFERENCES "public"."member_imports"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tag_links" ADD CONSTRAINT "member_tag_links_tag_fk" FOREIGN KEY ("renter_id","tag_id") REFERENCES "public"."member_tags"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tag_links" ADD CONSTRAINT "member_tag_links_member_fk" FOREIGN KEY ("renter_id","member_id") REFERENCES "public"."members"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "growth_records_renter_created_idx" ON "growth_records" USING btree ("renter_id","created_at");--> statement-breakpoint
CREATE INDEX "growth_records_member_idx" ON "growth_records" USING btree ("renter_id","member_id","created_at");--> statement-breakpoint
CREATE INDEX "level_grants_renter_created_idx" ON "level_grants" USING btree ("renter_id","created_at");--> statement-breakpoint
CREATE INDEX "level_grants_member_idx" ON "level_grants" USING btree ("renter_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_cards_card_member_uq" ON "member_cards" USING btree ("renter_id","card_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_cards_no_uq" ON "member_cards" USING btree ("renter_id","card_no");--> statement-breakpoint
CREATE INDEX "member_cards_member_idx" ON "member_cards" USING btree ("renter_id","member_id");--> statement-breakpoint
CREATE INDEX "member_events_member_idx" ON "member_events" USING btree ("renter_id","member_id","created_at");--> statement-breakpoint
CREATE INDEX "member_group_links_member_idx" ON "member_group_links" USING btree ("renter_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_groups_renter_name_uq" ON "member_groups" USING btree ("renter_id","name");--> statement-breakpoint
CREATE INDEX "member_import_rows_renter_idx" ON "member_import_rows" USING btree ("renter_id","import_id");--> statement-breakpoint
CREATE INDEX "member_imports_renter_created_idx" ON "member_imports" USING btree ("renter_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_levels_rank_uq" ON "member_levels" USING btree ("renter_id","needpay","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "member_levels_name_uq" ON "member_levels" USING btree ("renter_id","needpay","name");--> statement-breakpoint
CREATE INDEX "member_tag_links_member_idx" ON "member_tag_links" USING btree ("renter_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_tags_renter_name_uq" ON "member_tags" USING btree ("renter_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "vip_cards_renter_name_uq" ON "vip_cards" USING btree ("renter_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "members_renter_visitor_uq" ON "members" USING btree ("renter_id","visitor_id") WHERE "members"."visitor_id" is not null;--> statement-breakpoint
CREATE INDEX "members_renter_level_idx" ON "members" USING btree ("renter_id","level_id");--> statement-breakpoint
CREATE INDEX "members_renter_spend_idx" ON "members" USING btree ("renter_id","spend_fen");--> statement-breakpoint
CREATE INDEX "members_renter_orders_idx" ON "members" USING btree ("renter_id","order_count");--> statement-breakpoint
CREATE INDEX "members_renter_last_order_idx" ON "members" USING btree ("renter_id","last_order_at");--> statement-breakpoint
CREATE INDEX "members_renter_balance_idx" ON "members" USING btree ("renter_id","balance_fen");--> statement-breakpoint
CREATE INDEX "members_renter_points_idx" ON "members" USING btree ("renter_id","points");--> statement-breakpoint
CREATE INDEX "members_renter_growth_idx" ON "members" USING btree ("renter_id","growth");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_growth_nonneg" CHECK ("members"."growth" >= 0);--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_figures_nonneg" CHECK ("members"."order_count" >= 0 and "members"."spend_fen" >= 0 and "members"."balance_fen" >= 0 and "members"."points" >= 0);--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_member_has_phone" CHECK ("members"."kind" = 0 or "members"."phone" is not null);--> statement-breakpoint
-- Members registered before customers and members shared the table became members when they registered.
UPDATE "members" SET "member_at" = "created_at" WHERE "member_at" IS NULL;
--> statement-breakpoint
-- Row-level security on the new renter tables, as 0020 did for the others.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['member_tags', 'member_tag_links', 'member_groups', 'member_group_links', 'member_levels', 'member_settings', 'growth_records',
    'level_grants', 'vip_cards', 'member_cards', 'member_imports', 'member_import_rows', 'member_events']
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant ON %I USING (renter_id = nullif(current_setting(''app.renter_id'', true), '''')::uuid) '
      || 'WITH CHECK (renter_id = nullif(current_setting(''app.renter_id'', true), '''')::uuid)',
      t
    );
  END LOOP;
END
$$;
