-- The storefront keeps whole document pages for visitors (web/storefront/page-cache.ts) while this
-- number stays the same: any change to documents, their translations, sites or document types
-- moves it, in the writing transaction, whichever process or job writes.
CREATE TABLE "document_generation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "document_generation_single_row" CHECK ("id" = 1)
);--> statement-breakpoint
INSERT INTO "document_generation" ("id", "value") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "bump_document_generation"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "document_generation" SET "value" = "value" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "documents_generation" AFTER INSERT OR UPDATE OR DELETE ON "documents" FOR EACH STATEMENT EXECUTE FUNCTION "bump_document_generation"();--> statement-breakpoint
CREATE TRIGGER "document_translations_generation" AFTER INSERT OR UPDATE OR DELETE ON "document_translations" FOR EACH STATEMENT EXECUTE FUNCTION "bump_document_generation"();--> statement-breakpoint
CREATE TRIGGER "sites_generation" AFTER INSERT OR UPDATE OR DELETE ON "sites" FOR EACH STATEMENT EXECUTE FUNCTION "bump_document_generation"();
