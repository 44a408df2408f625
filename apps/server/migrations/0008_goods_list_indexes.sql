-- Goods list (bench/goods-list, DESIGN §8). The default order (sort, newest first, id) is now an index in full, so the
-- first page is read in order and skipped rows of a deep page cost index entries only.
-- Keywords of 1-2 characters cannot use the trigram indexes (a trigram needs 3 characters): goods_text_grams answers
-- every distinct 1- and 2-character gram of a text, lower-cased, and a GIN index over it finds the candidates; the
-- list's ILIKE then checks them.
CREATE OR REPLACE FUNCTION goods_text_grams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(l, i, n)), '{}')
    FROM (SELECT lower(t) AS l) x, generate_series(1, char_length(t)) i, (VALUES (1), (2)) v(n)
$$;
--> statement-breakpoint
DROP INDEX "goods_renter_status_sort_idx";--> statement-breakpoint
DROP INDEX "goods_renter_category_idx";--> statement-breakpoint
DROP INDEX "goods_renter_sort_created_idx";--> statement-breakpoint
DROP INDEX "goods_renter_min_price_idx";--> statement-breakpoint
DROP INDEX "goods_renter_total_stock_idx";--> statement-breakpoint
CREATE INDEX "goods_text_grams_idx" ON "goods" USING gin (goods_text_grams("title" || ' ' || "goods_no"));--> statement-breakpoint
CREATE INDEX "goods_renter_status_sort_idx" ON "goods" USING btree ("renter_id","status","sort","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "goods_renter_category_idx" ON "goods" USING btree ("renter_id","category_id","sort","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "goods_renter_sort_created_idx" ON "goods" USING btree ("renter_id","sort","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "goods_renter_min_price_idx" ON "goods" USING btree ("renter_id","min_price_fen","sort","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "goods_renter_total_stock_idx" ON "goods" USING btree ("renter_id","total_stock","sort","created_at" DESC NULLS FIRST,"id");