CREATE TABLE "goods_order_titles" (
	"renter_id" uuid NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "goods_order_titles_pk" PRIMARY KEY("renter_id","title")
);
--> statement-breakpoint
CREATE INDEX "goods_order_titles_title_idx" ON "goods_order_titles" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "goods_order_lines_renter_title_idx" ON "goods_order_lines" USING btree ("renter_id","title");--> statement-breakpoint
-- Every title already bought, before the table is under row-level security.
INSERT INTO "goods_order_titles" ("renter_id", "title") SELECT DISTINCT "renter_id", "title" FROM "goods_order_lines" ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "goods_order_titles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "goods_order_titles" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant ON "goods_order_titles" USING (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid) WITH CHECK (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid);
