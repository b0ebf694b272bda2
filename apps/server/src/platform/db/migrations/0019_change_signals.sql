-- What processes keep in memory follows changes made by any process (decision 060): one row per
-- topic (e.g. 'translations', 'redirects'), its version bumped on every change and polled.
CREATE TABLE IF NOT EXISTS "change_signals" (
	"topic" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- A statement trigger's way to move the signal named by its argument, in the writing transaction.
CREATE FUNCTION "signal_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "change_signals" ("topic", "version") VALUES (TG_ARGV[0], 1)
    ON CONFLICT ("topic") DO UPDATE SET "version" = "change_signals"."version" + 1, "changed_at" = now();
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Every change to `translations`, whichever process or script writes it, moves the 'translations'
-- signal, so every process reloads its dictionary (decision 052). It also moves the document
-- generation: kept storefront pages drawn with the old texts are redrawn.
CREATE TRIGGER "translations_change_signal" AFTER INSERT OR UPDATE OR DELETE ON "translations" FOR EACH STATEMENT EXECUTE FUNCTION "signal_change"('translations');--> statement-breakpoint
CREATE TRIGGER "translations_document_generation" AFTER INSERT OR UPDATE OR DELETE ON "translations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_document_generation"();
