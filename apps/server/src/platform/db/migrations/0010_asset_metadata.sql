-- Assets (issue 16): custom metadata (Pimcore's list of {name, language, type, data}), what the
-- file itself says (EXIF/IPTC/XMP), settings such as the focal point, the file's checksum, who
-- made and last changed it, and the number of its newest version.
ALTER TABLE "assets" ADD COLUMN "metadata" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "embedded_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "custom_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "checksum" text;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "user_owner" bigint;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "user_modification" bigint;--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "version_count" integer DEFAULT 0 NOT NULL;
