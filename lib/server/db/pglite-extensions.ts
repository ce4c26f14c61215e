/**
 * The extensions every PGlite instance of the shop loads: the migrations create them (pg_trgm, by
 * drizzle/0005_search.sql; the search no longer uses it, docs/decisions/search.md#the-index, but a
 * migration once applied is never rewritten), and a database holding their objects cannot be used without them.
 * Whoever opens a PGlite (client.ts, the tests' prepared copy, scripts) passes these.
 */
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const PGLITE_EXTENSIONS = { pg_trgm };
