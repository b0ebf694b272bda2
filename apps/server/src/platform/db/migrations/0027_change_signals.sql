-- What processes keep in memory follows changes made by any process (decision 060): one row per
-- topic (e.g. 'redirects', 'translations'), its version bumped on every change and polled.
CREATE TABLE IF NOT EXISTS "change_signals" (
	"topic" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
