-- The newest transaction whose product-index change rows were pruned: a search engine snapshot
-- taken at a later transaction horizon has missed no change and may be restored (decision 072).
-- It starts at the current horizon: rows pruned before this migration are all older.
CREATE TABLE "product_index_pruned" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"through_xid" bigint NOT NULL,
	CONSTRAINT "product_index_pruned_one_row" CHECK ("product_index_pruned"."id")
);--> statement-breakpoint
INSERT INTO "product_index_pruned" ("through_xid") VALUES ((pg_snapshot_xmin(pg_current_snapshot())::text)::bigint);
