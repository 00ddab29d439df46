-- Every write to the data the public read API serves bumps a sequence and notifies the channel
-- gatepass_data_changed (server/modules/readcache). Each app instance LISTENs and drops its
-- in-process cache of public reads on the notification; each cached read also compares the
-- sequence's value with the one its entry was built at, so the first read after a commit sees the
-- change on every instance, whichever code path wrote it (API, seed, psql, another service).
-- Statement-level triggers: one bump per statement, however many rows it touched; a sequence
-- rather than a counter row, so concurrent writers never queue on one lock.
CREATE SEQUENCE IF NOT EXISTS "gatepass_data_version";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "gatepass_data_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('gatepass_data_version');
  PERFORM pg_notify('gatepass_data_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The tables public reads are built from. discount_codes and tickets are attached when the
-- migrations that create them ran before this one (they come from parallel work).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['events', 'ticket_types', 'orders', 'order_items', 'users', 'discount_codes', 'tickets']
  LOOP
    IF to_regclass(format('public.%I', t)) IS NOT NULL THEN
      EXECUTE format('DROP TRIGGER IF EXISTS %I ON %I', t || '_data_changed', t);
      EXECUTE format(
        'CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION gatepass_data_changed()',
        t || '_data_changed', t);
    END IF;
  END LOOP;
END;
$$;
