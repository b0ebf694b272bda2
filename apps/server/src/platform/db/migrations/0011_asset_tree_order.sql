-- Asset tree (issue 16): a folder's children are listed folders first, then by key in natural,
-- case-insensitive order (every digit run padded to 20 digits, so 'img2' comes before 'img10').
-- `tree_order` holds that order ('0' for a folder, '1' for a file, then the padded key), kept by
-- a trigger (a generated column would refuse the recycle bin's restore, which writes every
-- column back). With it in the index, a page of a folder of 100,000 assets is an index-only walk.
ALTER TABLE "assets" ADD COLUMN "tree_order" text;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "assets_set_tree_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.tree_order := (CASE WHEN NEW.type = 'folder' THEN '0' ELSE '1' END)
    || regexp_replace(regexp_replace(lower(NEW.key), '([0-9]+)', '00000000000000000000\1', 'g'),
                      '0*([0-9]{20})', '\1', 'g');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "assets_tree_order" BEFORE INSERT OR UPDATE ON "assets"
  FOR EACH ROW EXECUTE FUNCTION "assets_set_tree_order"();--> statement-breakpoint
UPDATE "assets" SET "tree_order" = NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "assets_children_order_idx" ON "assets" USING btree ("parent_id", "tree_order", "id");
