CREATE TABLE "renter_sequences" (
	"renter_id" uuid NOT NULL,
	"name" text NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "renter_sequences_renter_id_name_pk" PRIMARY KEY("renter_id","name")
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"form_id" uuid NOT NULL,
	"sub_no" text NOT NULL,
	"visitor" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"items" jsonb NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"frno" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"fields" jsonb NOT NULL,
	"start_at" timestamp with time zone,
	"end_at" timestamp with time zone,
	"total_limit" integer DEFAULT 0 NOT NULL,
	"person_limit" integer DEFAULT 0 NOT NULL,
	"need_pay" integer DEFAULT 0 NOT NULL,
	"price_fen" integer DEFAULT 0 NOT NULL,
	"need_verify" boolean DEFAULT false NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"apply_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_order_takes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"code" text NOT NULL,
	"staff_user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"order_no" text NOT NULL,
	"form_id" uuid NOT NULL,
	"submission_id" uuid NOT NULL,
	"visitor" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"need_verify" integer DEFAULT 0 NOT NULL,
	"pay_order_id" uuid,
	"paid_at" timestamp with time zone,
	"verify_code" text,
	"verified_at" timestamp with time zone,
	"verified_by" uuid,
	"seller_notes" text DEFAULT '' NOT NULL,
	"cancel_reason" text DEFAULT '' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "form_submissions_renter_no_uq" ON "form_submissions" USING btree ("renter_id","sub_no");--> statement-breakpoint
CREATE INDEX "form_submissions_form_idx" ON "form_submissions" USING btree ("renter_id","form_id","created_at");--> statement-breakpoint
CREATE INDEX "form_submissions_visitor_idx" ON "form_submissions" USING btree ("form_id","visitor");--> statement-breakpoint
CREATE UNIQUE INDEX "forms_renter_frno_uq" ON "forms" USING btree ("renter_id","frno");--> statement-breakpoint
CREATE INDEX "forms_renter_created_idx" ON "forms" USING btree ("renter_id","created_at");--> statement-breakpoint
CREATE INDEX "form_order_takes_renter_idx" ON "form_order_takes" USING btree ("renter_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "form_orders_renter_no_uq" ON "form_orders" USING btree ("renter_id","order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "form_orders_renter_code_uq" ON "form_orders" USING btree ("renter_id","verify_code");--> statement-breakpoint
CREATE INDEX "form_orders_renter_created_idx" ON "form_orders" USING btree ("renter_id","created_at");--> statement-breakpoint
CREATE INDEX "form_orders_submission_idx" ON "form_orders" USING btree ("renter_id","submission_id");