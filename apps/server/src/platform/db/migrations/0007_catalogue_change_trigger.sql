-- Product lists also show what is not a product: categories (names, urls, visibility), filter
-- definitions, brands, price lists and the folders holding them. Any change to such an object, by
-- whatever path, appends one "catalogue changed" row (product_id -1) to product_index_changes, so
-- the in-process search engines know cached list answers are stale once the change commits.
CREATE FUNCTION record_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_index_changes (product_id) VALUES (-1);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER objects_catalogue_change_insert_update
  AFTER INSERT OR UPDATE ON objects
  FOR EACH ROW WHEN (NEW.class_id IS DISTINCT FROM 'Product')
  EXECUTE FUNCTION record_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER objects_catalogue_change_delete
  AFTER DELETE ON objects
  FOR EACH ROW WHEN (OLD.class_id IS DISTINCT FROM 'Product')
  EXECUTE FUNCTION record_catalogue_change();
