-- One timeline for every kind (order_logs, filled by 0037): the goods orders' own table and the level and card orders' timeline column go.
DROP TABLE "goods_order_logs" CASCADE;--> statement-breakpoint
ALTER TABLE "member_orders" DROP COLUMN "timeline";