-- Money columns become bigint fen (issue 13 part 5): int4 overflowed at 21,474,836.47 yuan. Read as JS numbers;
-- the contract edge keeps every amount within MONEY_MAX_YUAN (apps/server/src/core/money.ts says why).
ALTER TABLE "products" ALTER COLUMN "annual_price_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "buyout_price_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "pay_orders" ALTER COLUMN "amount_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "pay_orders" ALTER COLUMN "refunded_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "pay_refunds" ALTER COLUMN "amount_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "forms" ALTER COLUMN "price_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "form_orders" ALTER COLUMN "amount_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "goods" ALTER COLUMN "post_fee_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "goods" ALTER COLUMN "min_price_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "goods" ALTER COLUMN "max_price_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "goods_activity_skus" ALTER COLUMN "price_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "goods_skus" ALTER COLUMN "price_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "goods_skus" ALTER COLUMN "original_price_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "goods_skus" ALTER COLUMN "cost_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "points_goods" ALTER COLUMN "cash_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "points_goods" ALTER COLUMN "market_price_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "points_goods_exchanges" ALTER COLUMN "cash_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "apps" ALTER COLUMN "annual_price_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "apps" ALTER COLUMN "buyout_price_fen" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "renter_buys" ALTER COLUMN "amount_fen" SET DATA TYPE bigint;