-- Column configurations and favourites serve every element grid: objects (of a class) and assets.
ALTER TABLE "grid_column_configs" ADD COLUMN "element_type" text DEFAULT 'object' NOT NULL;--> statement-breakpoint
ALTER TABLE "grid_column_configs" ALTER COLUMN "class_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "grid_column_configs" ADD CONSTRAINT "grid_column_configs_class_check" CHECK (("element_type" = 'object') = ("class_id" IS NOT NULL));--> statement-breakpoint
CREATE INDEX "grid_column_configs_type_idx" ON "grid_column_configs" USING btree ("element_type","owner_id");--> statement-breakpoint
ALTER TABLE "grid_favourites" ADD COLUMN "element_type" text DEFAULT 'object' NOT NULL;--> statement-breakpoint
ALTER TABLE "grid_favourites" DROP CONSTRAINT "grid_favourites_owner_id_class_id_object_id_pk";--> statement-breakpoint
ALTER TABLE "grid_favourites" ADD CONSTRAINT "grid_favourites_owner_id_element_type_class_id_object_id_pk" PRIMARY KEY("owner_id","element_type","class_id","object_id");
