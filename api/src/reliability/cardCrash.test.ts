// Crash test for card payments (issue 40): the compiled API (api/dist/server.js) runs as a child process
// against the Stripe stand-in; buyers pay their intents and come back while the process is killed with
// SIGKILL, so some payments succeed at Stripe with no order written and their webhook finds no one
// (half of them are never delivered at all). Started again, the process looks every open intent up at
// Stripe and places its order, while Stripe's webhook retries arrive at the same time: every paid intent
// ends with exactly one order, the pieces held and taken add up (the ledger's sum is the quantity), and
// no hold is left behind. On PostgreSQL (test/services.ts's server; skipped with a line where it is
// missing) and on embedded PGlite (a DATA_DIR on disk).
import type { ChildProcess } from 'node:child_process';
import { createSigner } from 'fast-jwt';
import { createDb, type Db } from '../db/client';
import { migrate } from '../db/migrate';
import { freePort } from '../test/freePort';
import { spawnApi } from '../test/server';
import { needs } from '../test/services';
import { tempDirs, withOwnDatabase } from '../test/ownDatabase';
import { STAND_IN_KEYS, startStripeStandIn, type StripeStandIn } from '../test/stripeServer';

jest.setTimeout(240_000);

const SECRET = 'card-crash-test-secret';
const BUYERS = 16;
const STOCK = 100;
const ADDRESS = { line1: '1 Crash Lane', city: 'Boom', postalCode: '12345', country: 'US' };
const sign = createSigner({ key: SECRET, algorithm: 'HS256', expiresIn: 3_600_000 });

const startApi = (stand: StripeStandIn, databaseUrl: string, dataDir: string, port: number) =>
  spawnApi(
    {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      JWT_SECRET: SECRET,
      STRIPE_SECRET_KEY: STAND_IN_KEYS.secretKey,
      STRIPE_PUBLISHABLE_KEY: STAND_IN_KEYS.publishableKey,
      STRIPE_WEBHOOK_SECRET: STAND_IN_KEYS.webhookSecret,
      STRIPE_API_BASE: stand.url,
    },
    port,
  );

async function fixtures(db: Db) {
  const currencyId = (await db.one<{ id: string }>(`INSERT INTO currencies (name, code, symbol) VALUES ('US Dollar', 'USD', '$') RETURNING id`))!.id;
  const productId = (await db.one<{ id: string }>(`INSERT INTO products (slug, title, description, track_inventory) VALUES ('crash-card', 'Crash Card Ring', 'x', true) RETURNING id`))!.id;
  await db.query(`INSERT INTO product_prices (product_id, currency_id, amount) VALUES ($1, $2, 4200)`, [productId, currencyId]);
  await db.query(`INSERT INTO stock_levels (product_id, options_key, option_ids, quantity) VALUES ($1, '', '{}', $2)`, [productId, STOCK]);
  await db.query(`INSERT INTO stock_movements (product_id, options_key, option_ids, delta, reason) VALUES ($1, '', '{}', $2, 'import')`, [productId, STOCK]);
  const users = (
    await db.query<{ id: string }>(
      `INSERT INTO users (full_name, email, contact, password_hash) SELECT 'Card ' || g, 'card' || g || '@test.local', 'c' || g, 'x' FROM generate_series(1, $1::int) g RETURNING id`,
      [BUYERS],
    )
  ).map((r) => r.id);
  await db.query(`INSERT INTO cart_items (user_id, product_id, quantity) SELECT id, $1, 1 + (row_number() OVER (ORDER BY id))::int % 2 FROM users WHERE full_name LIKE 'Card %'`, [productId]);
  return { currencyId, productId, users };
}

const post = (url: string, user: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${sign({ sub: user })}` }, body: JSON.stringify(body) });

async function scenario(target: { databaseUrl?: string; dataDir: string }) {
  const stand = await startStripeStandIn();
  let db = await createDb(target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir });
  await migrate(db);
  const f = await fixtures(db);
  await db.close();
  let api: { child: ChildProcess; url: string; output: () => string } | null = null;
  try {
    api = await startApi(stand, target.databaseUrl ?? '', target.dataDir, await freePort());
    const intents = new Map<string, string>();
    for (const user of f.users) {
      const res = await post(`${api.url}/api/order/card/intent`, user, { selectedCurr: f.currencyId, shippingAddress: ADDRESS });
      const body = (await res.json()) as { paymentIntentId?: string; message?: string };
      expect([res.status, body.message]).toEqual([200, undefined]);
      intents.set(user, body.paymentIntentId!);
    }
    // Half the buyers pay while Stripe cannot reach the shop (their webhook never arrives before the kill).
    const [quiet, loud] = [f.users.slice(0, BUYERS / 2), f.users.slice(BUYERS / 2)];
    for (const user of quiet) await stand.pay(intents.get(user)!);
    // The others pay and come back while the process is killed.
    stand.webhookUrl = `${api.url}/api/payments/stripe/webhook`;
    const running = api;
    const returns = loud.map(async (user, i) => {
      await stand.pay(intents.get(user)!);
      if (i === 2) running.child.kill('SIGKILL');
      return post(`${running.url}/api/order/card/complete`, user, { paymentIntentId: intents.get(user) }).then(
        (r) => r.status,
        () => 0,
      );
    });
    const statuses = await Promise.all(returns);
    await stand.settled();
    // Killed above already: its 'exit' may have been emitted before this line (then waiting for it would hang).
    if (running.child.exitCode === null && running.child.signalCode === null) await new Promise((resolve) => running.child.once('exit', resolve).kill('SIGKILL'));
    expect(statuses.every((s) => s === 201 || s === 0 || s === 409)).toBe(true);
    const paid = [...intents.values()].filter((id) => stand.intents.get(id)!.status === 'succeeded');
    expect(paid).toHaveLength(BUYERS);

    // Restarted: the start-up looks every open intent up, while Stripe's retries arrive at the same time.
    api = await startApi(stand, target.databaseUrl ?? '', target.dataDir, await freePort());
    stand.webhookUrl = `${api.url}/api/payments/stripe/webhook`;
    const succeeded = stand.events.filter((e) => e.type === 'payment_intent.succeeded');
    const retries = await Promise.all(succeeded.map((e) => stand.deliver(e)));
    expect(retries.every((s) => s === 200 || s === 409)).toBe(true);
    // Each buyer's return after the restart answers their one order.
    const back = await Promise.all(f.users.map((user) => post(`${api!.url}/api/order/card/complete`, user, { paymentIntentId: intents.get(user) }).then(async (r) => [r.status, ((await r.json()) as { _id: string })._id] as const)));
    expect(back.map(([s]) => s)).toEqual(f.users.map(() => 201));
    api.child.kill('SIGTERM');
    await new Promise((resolve) => api!.child.once('exit', resolve));

    db = await createDb(target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir });
    try {
      const orders = await db.query<{ id: string; user_id: string; payment_ref: string }>(`SELECT id, user_id, payment_ref FROM orders`);
      expect(orders).toHaveLength(BUYERS);
      for (const [i, user] of f.users.entries()) {
        const mine = orders.filter((o) => o.user_id === user);
        expect(mine.map((o) => o.payment_ref)).toEqual([intents.get(user)]);
        expect(back[i][1]).toBe(mine[0].id);
      }
      const states = await db.query<{ state: string; n: number }>(`SELECT state, count(*)::int AS n FROM card_payments GROUP BY state`);
      expect(states).toEqual([{ state: 'ordered', n: BUYERS }]);
      const stock = (await db.one<{ quantity: number; ledger: number; ordered: number }>(
        `SELECT s.quantity, (SELECT sum(delta)::int FROM stock_movements m WHERE m.product_id = s.product_id) AS ledger,
                (SELECT sum(quantity)::int FROM order_items) AS ordered FROM stock_levels s WHERE s.product_id = $1`,
        [f.productId],
      ))!;
      expect(stock.quantity).toBe(STOCK - stock.ordered);
      expect(stock.ledger).toBe(stock.quantity);
      expect(stand.refunds).toEqual([]);
    } finally {
      await db.close();
    }
  } finally {
    if (api && api.child.exitCode === null && api.child.signalCode === null) api.child.kill('SIGKILL');
    await stand.close();
  }
}

describe('card payments: the process killed between Stripe’s success and the order, restarted', () => {
  const tmp = tempDirs('shop-card-crash');

  needs('postgres').test('on PostgreSQL: every paid intent gets exactly one order, placed at restart or by the webhook retry', () =>
    withOwnDatabase('shop_card_crash', (databaseUrl) => scenario({ databaseUrl, dataDir: tmp() })),
  );

  test('on embedded PGlite (DATA_DIR on disk): the same', async () => {
    await scenario({ dataDir: tmp() });
  });
});
