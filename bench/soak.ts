// Soak: 60 s of mixed browsing and checkout at 100 connections against the production API on
// 127.0.0.1, with the server's resident memory sampled from /proc/<pid>/status. Zero errors expected.
//
//   npm run soak -w bench                         # PostgreSQL, 10,000 products, 100 connections, 60 s
//   npm run soak -w bench -- --backend pglite --duration 60 --connections 100 --products 10000
//
// Each connection loops through one visitor's visit: currencies, the home page (its HTML, when the
// front ends are built) and its section, the shop list, a keyword search, a product page (HTML and
// API), add two products to the cart, read the cart, check out.
// Every loop is a new customer (pre-created by SQL, with an address), so each visit ends in an order.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSigner } from 'fast-jwt';
import { benchId, cartOptionIds, createShoppers, generateCatalog, productId, shopperId } from './generate-catalog';
import { arg } from './lib/cli';
import { benchTarget, dropDatabase, openDb, ROOT } from './lib/db';
import { fmt, runLoad, type AcRequest, type LoadResult } from './lib/load';
import { ensureApiBuilt, JWT_SECRET, startApi } from './lib/server';

const backend = arg('backend', 'postgres') as 'postgres' | 'pglite';
const duration = Number(arg('duration', '60'));
const connections = Number(arg('connections', '100'));
const products = Number(arg('products', '10000'));
const shoppers = Number(arg('shoppers', String(Math.max(5_000, duration * 400))));

const sign = createSigner({ key: JWT_SECRET, algorithm: 'HS256', expiresIn: 6 * 60 * 60 * 1000 });

async function main() {
  console.log(`Soak: ${backend}, ${products.toLocaleString('en')} products, ${connections} connections, ${duration} s; machine ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)}`);
  ensureApiBuilt();
  const dbName = `shop_bench_soak_${products}`;
  const { dataDir, databaseUrl } = await benchTarget(backend, dbName, 'shop-soak-');
  const db = await openDb({ databaseUrl, dataDir });
  await generateCatalog(db, { products });
  await createShoppers(db, { count: shoppers, products, linesPerCart: 0 });
  const currencyId = (await db.one<{ id: string }>(`SELECT id FROM currencies ORDER BY seq LIMIT 1`))!.id;
  await db.close();

  const api = await startApi({ databaseUrl, dataDir });
  const keywords = ['gold', 'ruby', 'ring', 'pearl', 'silver', 'vintage', 'pendant', 'sapphire'];
  let visitor = 0;
  let r = 12345;
  const rand = (n: number) => {
    r = (Math.imul(r, 1664525) + 1013904223) >>> 0;
    return 1 + (r % n);
  };
  const enc = { 'accept-encoding': 'gzip, deflate, br' };
  const json = { 'content-type': 'application/json', ...enc };
  const auth = (ctx: Record<string, unknown>) => ({ authorization: `Bearer ${ctx.token}` });
  const addToCart: AcRequest = {
    method: 'POST',
    path: '/api/cart',
    headers: json,
    setupRequest: (req, ctx) => {
      const p = rand(products);
      return { ...req, headers: { ...json, ...auth(ctx) }, body: JSON.stringify({ productId: productId(p), options: cartOptionIds(p), quantity: 1 + (p % 2) }) };
    },
  };
  const shopBuilt = fs.existsSync(path.join(ROOT, 'shell/dist/index.html'));
  const visit: AcRequest[] = [
    {
      method: 'GET',
      path: '/api/currencies',
      headers: enc,
      setupRequest: (req, ctx) => {
        const g = ++visitor;
        ctx.g = g;
        ctx.token = sign({ sub: shopperId(g) });
        return req;
      },
    },
    // The pages themselves, as a browser loads them (when the front ends are built): hints, first view.
    ...(shopBuilt ? [{ method: 'GET', path: '/', headers: { ...enc, accept: 'text/html' } }] : []),
    { method: 'GET', path: '/api/product/featured', headers: enc },
    { method: 'POST', path: '/api/product/filter?limit=12&page=1', headers: json, body: JSON.stringify({ sortBy: '-createdAt', selectedCurr: currencyId }) },
    {
      method: 'POST',
      path: '/api/product/filter?limit=12&page=1&keyword=gold',
      headers: json,
      setupRequest: (req) => ({ ...req, path: `/api/product/filter?limit=12&page=${rand(3)}&keyword=${keywords[rand(keywords.length) - 1]}`, body: JSON.stringify({ sortBy: 'basePrice', selectedCurr: currencyId }) }),
    },
    ...(shopBuilt
      ? [{ method: 'GET', path: '/bench-product-1', headers: { ...enc, accept: 'text/html' }, setupRequest: (req: AcRequest) => ({ ...req, path: `/bench-product-${rand(products)}` }) }]
      : []),
    { method: 'GET', path: '/api/product/slugSearch/bench-product-1', headers: enc, setupRequest: (req) => ({ ...req, path: `/api/product/slugSearch/bench-product-${rand(products)}` }) },
    addToCart,
    addToCart,
    { method: 'GET', path: '/api/cart', headers: enc, setupRequest: (req, ctx) => ({ ...req, headers: { ...enc, ...auth(ctx) } }) },
    {
      method: 'POST',
      path: '/api/order',
      headers: json,
      setupRequest: (req, ctx) => ({
        ...req,
        headers: { ...json, ...auth(ctx) },
        body: JSON.stringify({ paymentMethod: 'Cash On Delivery', selectedCurr: currencyId, addressId: benchId(`bench-a-${ctx.g}`) }),
      }),
    },
  ];

  const samples: Array<[number, number]> = [];
  const t0 = Date.now();
  const rssStart = api.rssMiB();
  samples.push([0, rssStart]);
  const timer = setInterval(() => samples.push([(Date.now() - t0) / 1000, api.rssMiB()]), 5_000);
  let result: LoadResult;
  try {
    result = await runLoad({ url: api.url, name: 'soak', requests: visit, connections, duration });
  } finally {
    clearInterval(timer);
  }
  const rssEnd = api.rssMiB();
  samples.push([(Date.now() - t0) / 1000, rssEnd]);
  await api.stop();

  const check = await openDb({ databaseUrl, dataDir });
  const orders = (await check.one<{ n: number }>(`SELECT count(*)::int AS n FROM orders`))!.n;
  const broken = (await check.one<{ n: number }>(`SELECT count(*)::int AS n FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)`))!.n;
  await check.close();
  if (databaseUrl) await dropDatabase(dbName);
  fs.rmSync(dataDir, { recursive: true, force: true });

  const codes = Object.entries(result.codes).map(([k, v]) => `${k}×${v}`).join(' ');
  console.log(`\n${fmt(result.total)} requests in ${result.seconds.toFixed(0)} s: ${fmt(result.rps)} req/s, p50 ${fmt(result.p50, 1)} ms, p99 ${fmt(result.p99, 1)} ms; status ${codes}; errors ${result.errors}`);
  console.log(`${fmt(orders)} orders placed (${broken} without items), ${fmt(orders / result.seconds, 1)} orders/s`);
  console.log(`server RSS: ${fmt(rssStart)} MiB at start, ${fmt(rssEnd)} MiB at end; samples (s: MiB) ${samples.map(([t, m]) => `${t.toFixed(0)}: ${fmt(m)}`).join(', ')}`);
  const settled = samples.filter(([t]) => t >= 10).map(([, m]) => m);
  if (settled.length > 1) console.log(`growth after the first 10 s: ${fmt(settled[settled.length - 1] - settled[0])} MiB`);
  if (result.errors || broken) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
