CREATE TABLE "order_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"renter_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" smallint,
	"to_status" smallint,
	"action" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text DEFAULT '' NOT NULL,
	"actor_name" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"renter_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"order_no" text NOT NULL,
	"member_id" uuid,
	"visitor" text,
	"buyer_phone" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"status" smallint NOT NULL,
	"stage" smallint NOT NULL,
	"amount_fen" bigint NOT NULL,
	"paid_fen" bigint DEFAULT 0 NOT NULL,
	"refunded_fen" bigint DEFAULT 0 NOT NULL,
	"pay_order_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_renter_id_uq" UNIQUE("renter_id","id"),
	CONSTRAINT "orders_money" CHECK ("orders"."amount_fen" >= 0 and "orders"."paid_fen" >= 0 and "orders"."refunded_fen" >= 0 and "orders"."refunded_fen" <= "orders"."paid_fen")
);
--> statement-breakpoint
ALTER TABLE "order_logs" ADD CONSTRAINT "order_logs_order_fk" FOREIGN KEY ("renter_id","order_id") REFERENCES "public"."orders"("renter_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_logs_order_idx" ON "order_logs" USING btree ("renter_id","order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_renter_no_uq" ON "orders" USING btree ("renter_id","order_no");--> statement-breakpoint
CREATE INDEX "orders_renter_created_idx" ON "orders" USING btree ("renter_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "orders_renter_kind_stage_idx" ON "orders" USING btree ("renter_id","kind","stage","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "orders_member_idx" ON "orders" USING btree ("renter_id","member_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "orders_visitor_idx" ON "orders" USING btree ("renter_id","visitor") WHERE "orders"."visitor" is not null;--> statement-breakpoint
CREATE INDEX "orders_phone_idx" ON "orders" USING btree ("renter_id","buyer_phone");--> statement-breakpoint
CREATE INDEX "orders_renter_paid_idx" ON "orders" USING btree ("renter_id","paid_at");--> statement-breakpoint
-- The header is written by the database from each kind's table, in the statement that writes the kind's row: an
-- order of any kind has its header, and a header always says what its detail says. Stage is the same for every kind:
-- 0 待付款, 1 进行中 (paid, not finished), 2 已完成, 3 已关闭.
CREATE FUNCTION orders_header_upsert(
  p_id uuid, p_renter uuid, p_kind text, p_no text, p_member uuid, p_visitor text, p_phone text, p_title text,
  p_status smallint, p_stage smallint, p_amount bigint, p_paid bigint, p_refunded bigint, p_pay uuid,
  p_created timestamptz, p_paid_at timestamptz, p_closed timestamptz
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO orders (id, renter_id, kind, order_no, member_id, visitor, buyer_phone, title, status, stage, amount_fen,
                      paid_fen, refunded_fen, pay_order_id, created_at, paid_at, closed_at, updated_at)
  VALUES (p_id, p_renter, p_kind, p_no, p_member, p_visitor, coalesce(p_phone, ''), coalesce(p_title, ''), p_status,
          p_stage, p_amount, p_paid, p_refunded, p_pay, p_created, p_paid_at, p_closed, now())
  ON CONFLICT (id) DO UPDATE SET
    member_id = EXCLUDED.member_id, buyer_phone = EXCLUDED.buyer_phone, title = EXCLUDED.title,
    status = EXCLUDED.status, stage = EXCLUDED.stage, amount_fen = EXCLUDED.amount_fen, paid_fen = EXCLUDED.paid_fen,
    refunded_fen = EXCLUDED.refunded_fen, pay_order_id = EXCLUDED.pay_order_id, paid_at = EXCLUDED.paid_at,
    closed_at = EXCLUDED.closed_at, updated_at = now()
$$;--> statement-breakpoint
CREATE FUNCTION orders_header_of_goods() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN DELETE FROM orders WHERE id = OLD.id; RETURN OLD; END IF;
  PERFORM orders_header_upsert(NEW.id, NEW.renter_id, 'goods', NEW.order_no, NEW.member_id, NULL, NEW.member_phone,
    NEW.title, NEW.status, (CASE NEW.status WHEN 0 THEN 0 WHEN 1 THEN 1 WHEN 2 THEN 1 WHEN 3 THEN 2 ELSE 3 END)::smallint,
    NEW.pay_fen, NEW.paid_fen, NEW.refunded_fen, NEW.pay_order_id, NEW.created_at, NEW.paid_at, NEW.closed_at);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION orders_header_of_form() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN DELETE FROM orders WHERE id = OLD.id; RETURN OLD; END IF;
  PERFORM orders_header_upsert(NEW.id, NEW.renter_id, 'form', NEW.order_no, NULL, NEW.visitor, NEW.phone,
    (SELECT f.name FROM forms f WHERE f.renter_id = NEW.renter_id AND f.id = NEW.form_id), NEW.status::smallint,
    (CASE NEW.status WHEN 0 THEN 0 WHEN 1 THEN 1 WHEN 2 THEN 2 ELSE 3 END)::smallint, NEW.amount_fen,
    CASE WHEN NEW.paid_at IS NULL THEN 0 ELSE NEW.amount_fen END,
    CASE WHEN NEW.status = 4 THEN NEW.amount_fen ELSE 0 END,
    NEW.pay_order_id, NEW.created_at, NEW.paid_at, coalesce(NEW.cancelled_at, NEW.refunded_at));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION orders_header_of_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN DELETE FROM orders WHERE id = OLD.id; RETURN OLD; END IF;
  PERFORM orders_header_upsert(NEW.id, NEW.renter_id, CASE NEW.kind WHEN 1 THEN 'level' ELSE 'card' END, NEW.order_no,
    NEW.member_id, NULL, NEW.member_phone, NEW.item_name, NEW.status,
    (CASE NEW.status WHEN 0 THEN 0 WHEN 1 THEN 2 ELSE 3 END)::smallint, NEW.amount_fen,
    CASE WHEN NEW.paid_at IS NULL THEN 0 ELSE NEW.amount_fen END, NEW.refunded_fen,
    NEW.pay_order_id, NEW.created_at, NEW.paid_at,
    CASE WHEN NEW.status IN (2, 3) THEN coalesce(NEW.cancelled_at, NEW.refunded_at) END);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER goods_orders_header AFTER INSERT OR UPDATE OR DELETE ON goods_orders
  FOR EACH ROW EXECUTE FUNCTION orders_header_of_goods();--> statement-breakpoint
CREATE TRIGGER form_orders_header AFTER INSERT OR UPDATE OR DELETE ON form_orders
  FOR EACH ROW EXECUTE FUNCTION orders_header_of_form();--> statement-breakpoint
CREATE TRIGGER member_orders_header AFTER INSERT OR UPDATE OR DELETE ON member_orders
  FOR EACH ROW EXECUTE FUNCTION orders_header_of_member();--> statement-breakpoint
-- The orders already placed get their headers (an UPDATE that changes nothing fires the triggers).
UPDATE goods_orders SET id = id;--> statement-breakpoint
UPDATE form_orders SET id = id;--> statement-breakpoint
UPDATE member_orders SET id = id;--> statement-breakpoint
-- One timeline for every kind: the goods orders' rows, and the level and card orders' timeline lines.
INSERT INTO order_logs (id, renter_id, order_id, from_status, to_status, action, actor_kind, actor_id, actor_name, note, created_at)
SELECT id, renter_id, order_id, from_status, to_status, action, actor_kind, actor_id, actor_name, note, created_at
  FROM goods_order_logs;--> statement-breakpoint
INSERT INTO order_logs (renter_id, order_id, action, actor_kind, created_at)
SELECT o.renter_id, o.id, s.step ->> 'text', 'system', (s.step ->> 'at')::timestamptz
  FROM member_orders o CROSS JOIN LATERAL jsonb_array_elements(o.timeline) AS s(step);--> statement-breakpoint
ALTER TABLE "orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "orders" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant ON "orders" USING (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid) WITH CHECK (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid);--> statement-breakpoint
ALTER TABLE "order_logs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "order_logs" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant ON "order_logs" USING (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid) WITH CHECK (renter_id = nullif(current_setting('app.renter_id', true), '')::uuid);
