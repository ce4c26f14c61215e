-- Search (docs/rules.md#search): trigram matching needs pg_trgm (a trusted extension: the database's
-- owner may create it; PGlite loads it where it is opened, lib/server/db/pglite-extensions.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- The text a search matches: name, subtitle and the specs' values (not their labels), lowered.
-- Immutable, so a generated column can use it and every write keeps the column right.
CREATE OR REPLACE FUNCTION product_search_text(name text, subtitle text, specs jsonb) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(concat_ws(' ', name, subtitle, (SELECT string_agg(v #>> '{}', ' ') FROM jsonb_path_query(specs, '$[*].value') v))) $$;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (product_search_text("name", "subtitle", "specs")) STORED;--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);