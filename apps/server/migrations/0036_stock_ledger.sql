-- The stock ledger takes every change of a SKU's stock (console edits, imports, new SKUs), with who made it and why;
-- seq orders a SKU's rows (existing rows numbered by their time).
DROP INDEX "goods_stock_moves_sku_idx";--> statement-breakpoint
ALTER TABLE "goods_stock_moves" ADD COLUMN "seq" bigint;--> statement-breakpoint
UPDATE "goods_stock_moves" m SET "seq" = o.n
  FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM "goods_stock_moves") o
 WHERE o.id = m.id;--> statement-breakpoint
ALTER TABLE "goods_stock_moves" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "goods_stock_moves" ALTER COLUMN "seq" ADD GENERATED ALWAYS AS IDENTITY (sequence name "goods_stock_moves_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
SELECT setval('"goods_stock_moves_seq_seq"', coalesce((SELECT max("seq") FROM "goods_stock_moves"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "goods_stock_moves" ADD COLUMN "operator_kind" text DEFAULT 'system' NOT NULL;--> statement-breakpoint
ALTER TABLE "goods_stock_moves" ADD COLUMN "operator_id" uuid;--> statement-breakpoint
ALTER TABLE "goods_stock_moves" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "goods_stock_moves_sku_idx" ON "goods_stock_moves" USING btree ("renter_id","sku_id","seq");--> statement-breakpoint
-- Until now console edits, imports and new SKUs set the stock without a ledger row: one row per SKU whose stock is not
-- its ledger's sum makes it so ('opening' for a SKU without rows, else 'adjust'), the SKU's last row.
INSERT INTO "goods_stock_moves" (renter_id, sku_id, goods_id, delta, stock_after, reason, operator_kind, note, idem_key)
SELECT s.renter_id, s.id, s.goods_id, s.stock - coalesce(l.total, 0), s.stock,
       CASE WHEN l.total IS NULL THEN 'opening' ELSE 'adjust' END, 'system',
       CASE WHEN l.total IS NULL THEN '期初库存（补记）' ELSE '库存校正（补记）' END, 'backfill:' || s.id
  FROM "goods_skus" s
  LEFT JOIN (SELECT renter_id, sku_id, sum(delta) AS total FROM "goods_stock_moves" GROUP BY renter_id, sku_id) l
    ON l.renter_id = s.renter_id AND l.sku_id = s.id
 WHERE s.stock <> coalesce(l.total, 0)
 ORDER BY s.renter_id, s.id;--> statement-breakpoint
-- Growth records take an idempotency key; the once-per-member rows get the keys their writers now use (the first
-- record of a task, the import's record), older staff and seed rows keep none.
ALTER TABLE "growth_records" ADD COLUMN "idem_key" text;--> statement-breakpoint
UPDATE "growth_records" g
   SET "idem_key" = 'task:' || g.member_id || ':' || CASE g.reason WHEN '注册' THEN 'register' ELSE 'profile' END
  FROM (SELECT id, row_number() OVER (PARTITION BY renter_id, member_id, reason ORDER BY created_at, id) AS n
          FROM "growth_records" WHERE kind = 2 AND reason IN ('注册', '完善资料')) f
 WHERE f.id = g.id AND f.n = 1;--> statement-breakpoint
UPDATE "growth_records" g SET "idem_key" = 'import:' || g.member_id
  FROM (SELECT id, row_number() OVER (PARTITION BY renter_id, member_id ORDER BY created_at, id) AS n
          FROM "growth_records" WHERE kind = 4) f
 WHERE f.id = g.id AND f.n = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "growth_records_key_uq" ON "growth_records" USING btree ("renter_id","idem_key");
