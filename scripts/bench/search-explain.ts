/**
 * How the search holds on a catalog 250× the seeded one (docs/decisions/search.md#measured): the seeded
 * catalog grown to SEARCH_EXPLAIN_COUNT (10,000) products — copies of the seeded ones with a model
 * number in the name and an md5 fragment in the subtitle and in each spec value, so a word can be rare —
 * their words cut by the shop's own writer (lib/server/words/product-words.ts), ANALYZEd; then, for each
 * search, EXPLAIN ANALYZE of the list's count query (is the GIN index used?) and the time of the whole
 * listProducts (reading the search, the query, the page; the median of RUNS; the synonyms and the
 * catalog's words come from the cache as in the server, the list itself is not cached), and the time of
 * one suggestion (uncached). A measurement, not a test.
 *
 * Run on PostgreSQL (a scratch database on TEST_PG_URL, dropped after):
 *   npx tsx --conditions=react-server scripts/bench/search-explain.ts
 * and on PGlite (a temporary DATA_DIR): SEARCH_EXPLAIN_DB=pglite npx tsx --conditions=react-server scripts/bench/search-explain.ts
 */
import { createHash } from 'node:crypto';
import { register } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../scratch-database.mjs';

// No Next server here: its cache is a memory of answers per arguments (the server's cache between revalidations).
register('./next-cache-loader.mjs', import.meta.url);

const COUNT = Number(process.env.SEARCH_EXPLAIN_COUNT || 10_000);
const RUNS = Number(process.env.SEARCH_EXPLAIN_RUNS || 10);
const onPglite = process.env.SEARCH_EXPLAIN_DB === 'pglite';

const scratch = onPglite ? null : await createScratchDatabase('search_explain');
const dataDir = onPglite ? mkdtempSync(path.join(tmpdir(), 'search-explain-')) : null;
if (scratch) process.env.DATABASE_URL = scratch.url;
else {
  delete process.env.DATABASE_URL;
  process.env.DATA_DIR = dataDir!;
}

const { sql } = await import('drizzle-orm');
const { getDb, getDbHandle } = await import('../../lib/server/db/client');
const { products, skus } = await import('../../lib/server/db/schema');
const { seedDb } = await import('../../lib/server/db/seed');
const { SEED_PRODUCTS } = await import('../../lib/server/db/seed-catalog');
const { productWords } = await import('../../lib/server/words/product-words');
const { listProducts } = await import('../../lib/server/views/product-cards');
const { suggestSearch } = await import('../../lib/server/views/search-suggest');
const { searchContext } = await import('../../lib/server/views/search-context');
const { planSearch } = await import('../../lib/server/words/search-plan');

type Sql = ReturnType<typeof sql>;
/** The rows of a statement, the same on node-postgres and PGlite. */
const rowsOf = async <T>(q: Sql): Promise<T[]> => ((await (await getDb()).execute(q)) as unknown as { rows: T[] }).rows;
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function grow(): Promise<void> {
  const db = await getDb();
  const cats = await rowsOf<{ id: number; slug: string }>(sql`select id, slug from categories`);
  const catId = new Map(cats.map((c) => [c.slug, c.id]));
  const started = Date.now();
  for (let from = 0; from < COUNT; from += 500) {
    const rows = [];
    const options = [];
    for (let i = from; i < Math.min(COUNT, from + 500); i++) {
      const p = SEED_PRODUCTS[i % SEED_PRODUCTS.length];
      const tag = md5(String(i)).slice(0, 8);
      const id = 500_000 + i;
      const text = { name: `${p.name} 型号${i}`, subtitle: `${p.subtitle} · ${tag}`, specs: p.specs.map((s) => ({ name: s.name, value: `${s.value} ${tag}` })) };
      rows.push({ ...text, ...productWords(text), id, categoryId: catId.get(p.category)!, slug: `gen-${id}`, kind: p.kind, seoTitle: 't', seoDescription: 't', seoKeywords: 't', images: p.images });
      options.push({ productId: id, code: `GEN-${id}`, name: '标准版', priceFen: p.skus[0].priceFen, listPriceFen: p.skus[0].listPriceFen, stock: 10 });
    }
    await db.insert(products).values(rows);
    await db.insert(skus).values(options);
  }
  await rowsOf(sql`analyze`);
  console.log(`grown to ${COUNT} more products, words cut in JS, in ${Date.now() - started} ms`);
}

const SEARCHES = ['耳机', '量子加密 移动硬盘', '移动盘', 'erji', '耳几', md5('4242').slice(0, 8), '型号4242', '翡翠星链'];

const handle = await getDbHandle();
try {
  await seedDb(handle.db);
  await grow();
  const [{ bytes }] = await rowsOf<{ bytes: number }>(sql`select pg_relation_size('products_search_words_idx')::int as bytes`);
  console.log(`${handle.kind}: GIN index on search_words ${(bytes / 1024 / 1024).toFixed(1)} MB`);
  const table: string[] = ['| search | found | count query plan | count query | listProducts (median) |', '|---|---|---|---|---|'];
  for (const q of SEARCHES) {
    const first = await listProducts({ q });
    const times: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const t = performance.now();
      await listProducts({ q });
      times.push(performance.now() - t);
    }
    // The count query of the terms that found the page (the literal or the corrected search), as listProducts sends it.
    const { synonyms, vocabulary } = await searchContext();
    const terms = planSearch(first.didYouMean ?? q, synonyms, vocabulary).terms;
    const matching = sql.join(
      terms.map((t) => sql`p.search_words && array[${sql.join(t.words.map((w) => sql`${w}`), sql`, `)}]::text[]`),
      sql` and `,
    );
    const plan = (await rowsOf<Record<string, string>>(sql`explain analyze select count(*) from products p join skus s on s.product_id = p.id and s.on_sale where p.on_sale and ${matching}`)).map(
      (r) => Object.values(r)[0],
    );
    const scan = plan.find((l) => /Scan on (products|p)\b|Index Scan/.test(l) && /products/.test(l)) ?? plan.find((l) => /Scan/.test(l)) ?? '';
    const exec = plan.find((l) => l.startsWith('Execution Time')) ?? '';
    table.push(`| \`${q}\`${first.didYouMean ? ` (→ ${first.didYouMean})` : ''} | ${first.total} | ${scan.trim().replace(/\s+\(cost.*$/, '')} | ${exec.replace('Execution Time: ', '')} | ${median(times).toFixed(1)} ms |`);
  }
  for (const prefix of ['量', '量子', 'erj']) {
    const t = performance.now();
    const s = await suggestSearch(prefix);
    table.push(`| suggest \`${prefix}\` | ${s.words.length} words, ${s.products.length} names | — | — | ${(performance.now() - t).toFixed(1)} ms |`);
  }
  console.log(table.join('\n'));
} finally {
  await handle.close();
  await scratch?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
