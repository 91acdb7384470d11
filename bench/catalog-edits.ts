// How long the API's memory of the catalogue (every product page, the search index) takes to be whole
// again after a catalogue change, by kind of change: the operator's view of an admin at work.
//
//   npm run catalog-edits -w bench                          # 100,000 products
//   npm run catalog-edits -w bench -- --products 1000000 --reuse --keep
//
// On PostgreSQL (where several API processes share the catalogue). Generates the catalogue (or reuses
// shop_bench_<n> from an earlier --keep run with --reuse), starts the production API, waits
// until it has filled, then makes each change straight in the database (as any API process's write
// would: the triggers bump the version and NOTIFY) and polls GET /api/health every 100 ms until the
// product pages are kept again and the index is rebuilt. Prints the seconds and the pages read again.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateCatalog, productId } from './generate-catalog';
import { arg, flag } from './lib/cli';
import { createDatabase, dbUrl, dropDatabase, openDb, pgReachable, type Db } from './lib/db';
import { fmt, table } from './lib/load';
import { catalogHealth, ensureApiBuilt, startApi, type RunningApi } from './lib/server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Seconds until both are whole again, and the pages read meanwhile. */
async function untilWhole(api: RunningApi, keptBefore: number, since: number): Promise<{ pagesS: number; indexS: number; read: number }> {
  let pagesS = NaN;
  let indexS = NaN;
  // The change is notified a moment after it: wait for a fill to start, or 3 s.
  for (let waited = 0; waited < 3_000; waited += 50) {
    const h = await catalogHealth(api.url);
    if (h.productPages.filling || h.facets.building || h.productPages.kept !== keptBefore) break;
    await sleep(50);
  }
  for (;;) {
    const h = await catalogHealth(api.url);
    const s = (Date.now() - since) / 1000;
    if (!h.productPages.filling && Number.isNaN(pagesS)) pagesS = s;
    if (!h.facets.building && Number.isNaN(indexS)) indexS = s;
    if (!Number.isNaN(pagesS) && !Number.isNaN(indexS)) return { pagesS, indexS, read: h.productPages.kept - keptBefore };
    if (s > 600) throw new Error('the catalogue memory did not settle in 10 minutes');
    await sleep(100);
  }
}

async function main() {
  const n = Number(arg('products') ?? 100_000);
  const name = `shop_bench_${n}`;
  if (!(await pgReachable())) throw new Error('PostgreSQL is not reachable (BENCH_PG_SERVER)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-edits-'));
  const databaseUrl = flag('reuse') && (await pgReachable(dbUrl(name))) ? dbUrl(name) : await createDatabase(name);
  let db: Db | undefined;
  let api: RunningApi | undefined;
  try {
    db = await openDb({ databaseUrl });
    const have = (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM products`))!.n;
    if (have !== n) await generateCatalog(db, { products: n, log: (l) => console.log(l) });
    ensureApiBuilt();
    const started = Date.now();
    api = await startApi({ databaseUrl, dataDir });
    const first = await untilWhole(api, 0, started);
    console.log(`\nCatalogue edits: PostgreSQL, ${fmt(n)} products; filled at start in ${fmt(first.pagesS, 1)} s (pages) and ${fmt(first.indexS, 1)} s (index), ${fmt(first.read)} pages`);
    const changes: Array<[string, string, unknown[]]> = [
      ['one product: its prices', `UPDATE product_prices SET amount = amount + 1 WHERE product_id = $1`, [productId(Math.ceil(n / 2))]],
      ['three products: their titles', `UPDATE products SET title = title || ' ' WHERE id = ANY($1::uuid[])`, [[1, 2, 3].map((k) => productId(Math.ceil((k * n) / 4)))]],
      ['a currency (in every answer)', `UPDATE currencies SET symbol = symbol WHERE id = (SELECT id FROM currencies ORDER BY seq LIMIT 1)`, []],
    ];
    const rows: string[][] = [];
    for (const [what, sql, params] of changes) {
      const keptBefore = (await catalogHealth(api.url)).productPages.kept;
      const since = Date.now();
      await db.query(sql, params);
      const r = await untilWhole(api, keptBefore, since);
      rows.push([what, fmt(r.read), fmt(r.pagesS, 1), fmt(r.indexS, 1)]);
    }
    console.log(table(['change', 'pages read again', 'pages kept again after s', 'index rebuilt after s'], rows));
    console.log(`server RSS ${fmt(api.rssMiB())} MiB`);
  } finally {
    await api?.stop();
    await db?.close();
    if (!flag('keep')) await dropDatabase(name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
