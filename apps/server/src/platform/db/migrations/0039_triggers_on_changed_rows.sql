-- The generation and change-signal triggers fired for every statement, also for one that changed
-- no row (an upsert finding every row in place, an update or delete matching nothing). The demo
-- data's start-up upserts moved the document generation ~20 times per start, so every restart
-- dropped the kept pages and regenerated the sitemap. Now each is three statement triggers (insert,
-- update, delete) that see the statement's rows and act only when there are any (decision 073);
-- TRUNCATE keeps its trigger as it was (it has no rows to see and always changes).
CREATE FUNCTION "bump_document_generation_if_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "changed_rows") THEN
    UPDATE "document_generation" SET "value" = "value" + 1 WHERE "id" = 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- A signal also notifies 'change_signals' (its topic as the payload): the embedded database's one
-- process hears it at commit and reads the versions only then (decision 073); a server's processes
-- do not listen and go on reading them.
CREATE OR REPLACE FUNCTION "signal_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "change_signals" ("topic", "version") VALUES (TG_ARGV[0], 1)
    ON CONFLICT ("topic") DO UPDATE SET "version" = "change_signals"."version" + 1, "changed_at" = now();
  PERFORM pg_notify('change_signals', TG_ARGV[0]);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "signal_change_if_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "changed_rows") THEN
    INSERT INTO "change_signals" ("topic", "version") VALUES (TG_ARGV[0], 1)
      ON CONFLICT ("topic") DO UPDATE SET "version" = "change_signals"."version" + 1, "changed_at" = now();
    PERFORM pg_notify('change_signals', TG_ARGV[0]);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DO $$
DECLARE
  t record;
  event text;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('documents_generation', 'documents', NULL, false),
    ('document_translations_generation', 'document_translations', NULL, false),
    ('sites_generation', 'sites', NULL, false),
    ('glossary_terms_generation', 'glossary_terms', NULL, false),
    ('translations_document_generation', 'translations', NULL, false),
    ('translations_change_signal', 'translations', 'translations', false),
    ('glossary_terms_change_signal', 'glossary_terms', 'glossary', false),
    ('static_routes_change_signal', 'static_routes', 'static-routes', false),
    ('seo_redirects_change_signal', 'seo_redirects', 'redirects', false),
    ('thumbnail_configs_change_signal', 'thumbnail_configs', 'thumbnails', false),
    ('video_thumbnail_configs_change_signal', 'video_thumbnail_configs', 'thumbnails', false),
    ('targeting_target_groups_change_signal', 'targeting_target_groups', 'targeting', false),
    ('targeting_rules_change_signal', 'targeting_rules', 'targeting', false),
    ('documents_change_signal', 'documents', 'documents', true),
    ('country_settings_change_signal', 'country_settings', 'shop-settings', true),
    ('shipping_methods_change_signal', 'shipping_methods', 'shop-settings', true),
    ('shipping_rates_change_signal', 'shipping_rates', 'shop-settings', true),
    ('payment_methods_change_signal', 'payment_methods', 'shop-settings', true),
    ('payment_rates_change_signal', 'payment_rates', 'shop-settings', true)
  ) AS v(name, tbl, topic, on_truncate) LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', t.name, t.tbl);
    FOREACH event IN ARRAY ARRAY['insert', 'update', 'delete'] LOOP
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION %s',
        t.name || '_' || event, upper(event), t.tbl,
        CASE event WHEN 'delete' THEN 'OLD' ELSE 'NEW' END,
        CASE WHEN t.topic IS NULL THEN '"bump_document_generation_if_changed"()'
             ELSE format('"signal_change_if_changed"(%L)', t.topic) END);
    END LOOP;
    IF t.on_truncate THEN
      EXECUTE format(
        'CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "signal_change"(%L)',
        t.name || '_truncate', t.tbl, t.topic);
    END IF;
  END LOOP;
END;
$$;
