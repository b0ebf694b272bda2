-- Every process keeps the dictionary in memory (platform/i18n/translator.ts). This number moves
-- with every change to `translations`, in the writing transaction, whichever process writes: a
-- process whose dictionary was read at another number reloads it (decision 052). The change also
-- moves the document generation, so kept storefront pages drawn with the old texts are redrawn.
CREATE TABLE "translation_generation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "translation_generation_single_row" CHECK ("id" = 1)
);--> statement-breakpoint
INSERT INTO "translation_generation" ("id", "value") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "bump_translation_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "translation_generation" SET "value" = "value" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "translations_generation" AFTER INSERT OR UPDATE OR DELETE ON "translations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_translation_generation"();--> statement-breakpoint
CREATE TRIGGER "translations_document_generation" AFTER INSERT OR UPDATE OR DELETE ON "translations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_document_generation"();
