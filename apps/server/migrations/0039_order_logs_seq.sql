-- A timeline's lines in the order they were written: two lines of one transaction may share a clock reading. The lines
-- already written are numbered by their time (then id).
DROP INDEX "order_logs_order_idx";--> statement-breakpoint
ALTER TABLE "order_logs" ADD COLUMN "seq" bigint;--> statement-breakpoint
UPDATE "order_logs" l SET "seq" = o.n
  FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM "order_logs") o
 WHERE o.id = l.id;--> statement-breakpoint
ALTER TABLE "order_logs" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "order_logs" ALTER COLUMN "seq" ADD GENERATED ALWAYS AS IDENTITY (sequence name "order_logs_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
SELECT setval('"order_logs_seq_seq"', coalesce((SELECT max("seq") FROM "order_logs"), 0) + 1, false);--> statement-breakpoint
CREATE INDEX "order_logs_order_idx" ON "order_logs" USING btree ("renter_id","order_id","seq");
