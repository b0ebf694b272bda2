-- Thumbnail configurations become data (decision 058), seeded with the ones that were in code.
CREATE TABLE "thumbnail_configs" (
	"name" text PRIMARY KEY NOT NULL,
	"group_name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"mode" text NOT NULL,
	"format" text NOT NULL,
	"quality" integer NOT NULL,
	"high_dpi" boolean DEFAULT false NOT NULL,
	"background" text,
	"downloadable" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "video_thumbnail_configs" (
	"name" text PRIMARY KEY NOT NULL,
	"group_name" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"width" integer NOT NULL,
	"video_bitrate" integer NOT NULL,
	"audio_bitrate" integer NOT NULL,
	"max_seconds" integer NOT NULL,
	"formats" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "predefined_metadata" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type" text NOT NULL,
	"data" text,
	"config" text DEFAULT '' NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"target_subtype" text DEFAULT '' NOT NULL,
	"group_name" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "predefined_metadata_name_idx" ON "predefined_metadata" USING btree ("name");--> statement-breakpoint
CREATE TABLE "predefined_properties" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"key" text NOT NULL,
	"type" text NOT NULL,
	"data" text,
	"config" text DEFAULT '' NOT NULL,
	"ctype" jsonb NOT NULL,
	"inheritable" boolean DEFAULT false NOT NULL,
	"group_name" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "predefined_properties_key_idx" ON "predefined_properties" USING btree ("key");--> statement-breakpoint
INSERT INTO "thumbnail_configs" ("name", "group_name", "width", "height", "mode", "format", "quality", "downloadable") VALUES
	('tree', 'system', 64, 64, 'cover', 'webp', 70, false),
	('grid', 'system', 256, 256, 'cover', 'webp', 75, false),
	('preview', 'system', 1024, 1024, 'contain', 'webp', 80, true),
	('editor', 'system', 2000, 2000, 'contain', 'webp', 85, false),
	('product', '', 1200, 1200, 'contain', 'webp', 82, true),
	('square-avif', '', 800, 800, 'cover', 'avif', 55, false),
	('banner', '', 1600, 600, 'cover', 'jpeg', 85, true),
	('detail-crop', '', 600, 600, 'crop', 'png', 100, false),
	('print-jpeg', '', 3000, 3000, 'contain', 'jpeg', 92, true);--> statement-breakpoint
INSERT INTO "video_thumbnail_configs" ("name", "group_name", "description", "width", "video_bitrate", "audio_bitrate", "max_seconds", "formats") VALUES
	('preview', 'system', 'The asset editor''s player', 640, 600, 64, 30, '["mp4","webm"]'::jsonb);--> statement-breakpoint
-- Every change moves the 'thumbnails' change signal (decision 060): each process drops its configurations.
CREATE TRIGGER "thumbnail_configs_change_signal" AFTER INSERT OR UPDATE OR DELETE ON "thumbnail_configs" FOR EACH STATEMENT EXECUTE FUNCTION "signal_change"('thumbnails');--> statement-breakpoint
CREATE TRIGGER "video_thumbnail_configs_change_signal" AFTER INSERT OR UPDATE OR DELETE ON "video_thumbnail_configs" FOR EACH STATEMENT EXECUTE FUNCTION "signal_change"('thumbnails');
