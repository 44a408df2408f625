ALTER TABLE "goods_imports" ADD COLUMN "next_goods" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "goods_imports" ADD COLUMN "tally" jsonb;--> statement-breakpoint
-- Batches the former in-process import left importing (4) at the stop before this upgrade: their one transaction
-- rolled back and no job exists for them, so they go back to the preview (1) with 导入中断，请重新确认导入, as that
-- runner's restart recovery did.
UPDATE "goods_imports" SET "status" = 1, "rows" = (CASE WHEN "rows" -> -1 ? 'outcome' THEN "rows" - -1 ELSE "rows" END) || jsonb_build_array(jsonb_build_object('outcome', jsonb_build_object('error', '导入中断，请重新确认导入'))) WHERE "status" = 4;
