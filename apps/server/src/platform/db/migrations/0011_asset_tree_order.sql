-- Asset tree (issue 16): a folder's children are listed folders first, then by key in natural,
-- case-insensitive order (every digit run padded to 20 digits, so 'img2' comes before 'img10').
-- The index holds exactly that order, so a page of a folder with 100,000 assets reads only its rows.
CREATE INDEX IF NOT EXISTS "assets_children_order_idx" ON "assets" USING btree (
  "parent_id",
  ("type" <> 'folder'),
  (regexp_replace(regexp_replace(lower("key"), '([0-9]+)', '00000000000000000000\1', 'g'), '0*([0-9]{20})', '\1', 'g')),
  "id"
);
