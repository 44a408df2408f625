CREATE TABLE "member_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"kind" smallint NOT NULL,
	"order_no" text NOT NULL,
	"member_id" uuid NOT NULL,
	"member_phone" text DEFAULT '' NOT NULL,
	"member_name" text DEFAULT '' NOT NULL,
	"item_id" uuid NOT NULL,
	"item_name" text NOT NULL,
	"price_fen" bigint NOT NULL,
	"valid_days" integer NOT NULL,
	"amount_fen" bigint NOT NULL,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"pay_order_id" uuid,
	"pay_link" text DEFAULT '' NOT NULL,
	"paid_at" timestamp with time zone,
	"grant_start" timestamp with time zone,
	"grant_end" timestamp with time zone,
	"grant_forever" smallint DEFAULT 0 NOT NULL,
	"prev_held" smallint DEFAULT 0 NOT NULL,
	"prev_end" timestamp with time zone,
	"prev_level_id" uuid,
	"card_no" text DEFAULT '' NOT NULL,
	"seller_notes" text DEFAULT '' NOT NULL,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"timeline" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_orders_renter_id_uq" UNIQUE("renter_id","id"),
	CONSTRAINT "member_orders_money" CHECK ("member_orders"."amount_fen" > 0 and "member_orders"."refunded_fen" >= 0 and "member_orders"."refunded_fen" <= "member_orders"."amount_fen")
);
--> statement-breakpoint
ALTER TABLE "member_orders" ADD CONSTRAINT "member_orders_member_fk" FOREIGN KEY ("renter_id","member_id") REFERENCES "public"."members"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_orders" ADD CONSTRAINT "member_orders_pay_order_fk" FOREIGN KEY ("renter_id","pay_order_id") REFERENCES "public"."pay_orders"("renter_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_orders_renter_no_uq" ON "member_orders" USING btree ("renter_id","order_no");--> statement-breakpoint
CREATE INDEX "member_orders_kind_created_idx" ON "member_orders" USING btree ("renter_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "member_orders_kind_status_idx" ON "member_orders" USING btree ("renter_id","kind","status","created_at","id");--> statement-breakpoint
CREATE INDEX "member_orders_kind_paid_idx" ON "member_orders" USING btree ("renter_id","kind","paid_at","id");--> statement-breakpoint
CREATE INDEX "member_orders_kind_amount_idx" ON "member_orders" USING btree ("renter_id","kind","amount_fen","created_at","id");--> statement-breakpoint
CREATE INDEX "member_orders_kind_phone_idx" ON "member_orders" USING btree ("renter_id","kind","member_phone","created_at");--> statement-breakpoint
CREATE INDEX "member_orders_kind_item_idx" ON "member_orders" USING btree ("renter_id","kind","item_id","created_at");--> statement-breakpoint
CREATE INDEX "member_orders_member_idx" ON "member_orders" USING btree ("renter_id","member_id","kind","created_at");--> statement-breakpoint
ALTER TABLE "member_orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "member_orders" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant ON "member_orders" USING (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid) WITH CHECK (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid);
