-- Assets (issue 16): every derivative (thumbnail, video frame or preview, document page) cached in
-- the asset store, so a replaced or edited asset can forget all of them, on disk or in S3.
CREATE TABLE "asset_thumbnails" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"asset_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "asset_thumbnails_asset_idx" ON "asset_thumbnails" USING btree ("asset_id");
