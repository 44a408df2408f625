-- Row-level security as the backstop of tenancy (issue 13 §4; core/README.md "Row-level security").
-- Written by hand (drizzle-kit does not generate roles, grants or policies).
--
-- The role the server's renter-bound work runs as: not the owner of anything, so the policies below always apply to
-- it. NOLOGIN: a connection becomes it per transaction (`set_config('role', 'shop_app', true)`, db/client.ts), or a
-- login role of the deployment is made a member of it. Roles belong to the whole cluster: another database of the same
-- server (or a concurrent migration) may have created it already.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'shop_app') THEN
    CREATE ROLE shop_app NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;
--> statement-breakpoint
-- The migrating role must be able to become shop_app (a superuser always can).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = current_user AND rolsuper) THEN
    EXECUTE format('GRANT shop_app TO %I', current_user);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO shop_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO shop_app;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO shop_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO shop_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO shop_app;
--> statement-breakpoint
-- The job queue: a business transaction sends its jobs (core/jobs sendJob) on the same connection.
GRANT USAGE ON SCHEMA pgboss TO shop_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO shop_app;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA pgboss TO shop_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA pgboss GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO shop_app;
--> statement-breakpoint
-- Every table with a renter_id gets the policy, but the ones found by something else than their renter on purpose
-- (db/rls.ts RLS_EXEMPT, said there table by table; test/rls.test.ts holds the two lists together). An unset
-- setting is null, or '' once a transaction of this connection has set it: nullif makes both match no row.
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables x ON x.table_schema = c.table_schema AND x.table_name = c.table_name AND x.table_type = 'BASE TABLE'
    WHERE c.table_schema = 'public' AND c.column_name = 'renter_id'
      AND c.table_name NOT IN ('sessions', 'login_logs', 'outbox_events')
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY tenant ON %I USING (renter_id = nullif(current_setting(''app.renter_id'', true), '''')::uuid) '
      || 'WITH CHECK (renter_id = nullif(current_setting(''app.renter_id'', true), '''')::uuid)',
      t
    );
  END LOOP;
END
$$;
--> statement-breakpoint
-- An index is used ahead of a policy only for a condition whose functions are LEAKPROOF (they reveal nothing of a row
-- they are not meant to see, not even by an error): the goods list's keyword search (LIKE / ILIKE through the
-- trigram indexes, goods_text_grams(title || ' ' || goods_no) @> … through its GIN index) would otherwise read every
-- goods row of the renter (bench/goods-list: 20 ms → 450 ms). None of these fails on a row's value. Only a superuser
-- may mark functions LEAKPROOF: a migration run by another role leaves them, and the keyword search then scans
-- (core/README.md "Row-level security" says what to run once).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = current_user AND rolsuper) THEN
    ALTER FUNCTION textlike(text, text) LEAKPROOF;
    ALTER FUNCTION texticlike(text, text) LEAKPROOF;
    ALTER FUNCTION textcat(text, text) LEAKPROOF;
    ALTER FUNCTION arraycontains(anyarray, anyarray) LEAKPROOF;
    ALTER FUNCTION goods_text_grams(text) LEAKPROOF;
  END IF;
END
$$;
