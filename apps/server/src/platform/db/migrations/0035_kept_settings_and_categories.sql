-- Every change to the shop's country, shipping and payment settings, whichever process or script
-- writes it, moves the 'shop-settings' signal in the writing transaction; the processes keep
-- those small tables in memory and check the version before every use (decision 068).
CREATE TRIGGER "country_settings_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "country_settings" FOR EACH STATEMENT EXECUTE FUNCTION "signal_change"('shop-settings');--> statement-breakpoint
CREATE TRIGGER "shipping_methods_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shipping_methods" FOR EACH STATEMENT EXECUTE FUNCTION "signal_change"('shop-settings');--> statement-breakpoint
CREATE TRIGGER "shipping_rates_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shipping_rates" FOR EACH STATEMENT EXECUTE FUNCTION "signal_change"('shop-settings');--> statement-breakpoint
CREATE TRIGGER "payment_methods_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_methods" FOR EACH STATEMENT EXECUTE FUNCTION "signal_change"('shop-settings');--> statement-breakpoint
CREATE TRIGGER "payment_rates_change_signal" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_rates" FOR EACH STATEMENT EXECUTE FUNCTION "signal_change"('shop-settings');
--> statement-breakpoint
-- The same for the category tree: any write to a Category object (publish, rename, move, delete,
-- restore) moves the 'categories' signal; product pages and lists keep the tree per language.
CREATE TRIGGER "objects_category_insert_signal" AFTER INSERT ON "objects" FOR EACH ROW WHEN (NEW."class_id" = 'Category') EXECUTE FUNCTION "signal_change"('categories');--> statement-breakpoint
CREATE TRIGGER "objects_category_update_signal" AFTER UPDATE ON "objects" FOR EACH ROW WHEN (OLD."class_id" = 'Category' OR NEW."class_id" = 'Category') EXECUTE FUNCTION "signal_change"('categories');--> statement-breakpoint
CREATE TRIGGER "objects_category_delete_signal" AFTER DELETE ON "objects" FOR EACH ROW WHEN (OLD."class_id" = 'Category') EXECUTE FUNCTION "signal_change"('categories');--> statement-breakpoint
CREATE TRIGGER "objects_truncate_categories_signal" AFTER TRUNCATE ON "objects" FOR EACH STATEMENT EXECUTE FUNCTION "signal_change"('categories');
