import type { Ctx } from '../context.js';
import * as Q from './queries.js';

const HEALTH_WAIT_MS = 2_000;

/** Whether the database answers a trivial query within ms. */
async function databaseAnswers(ctx: Pick<Ctx, 'db'>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([Q.ping(ctx.db).then(() => true, () => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** GET /health: within HEALTH_WAIT_MS, whether the database answers and what the process keeps in memory. */
export async function health(ctx: Pick<Ctx, 'db' | 'catalog' | 'reviewLists'>) {
  const database: 'up' | 'down' = (await databaseAnswers(ctx, HEALTH_WAIT_MS)) ? 'up' : 'down';
  const { productPages, facets } = ctx.catalog.memory.status();
  const { filling, filled } = ctx.reviewLists.status();
  return {
    status: database === 'up' ? 'ok' : 'degraded',
    database,
    productPages: { filling: productPages.filling, kept: productPages.kept },
    facets: { building: facets.building },
    reviewLists: { filling, filled },
  };
}

/** The wallet client id the storefront's button needs; null when wallet payments are not configured. */
export const walletClientId = (ctx: Pick<Ctx, 'paypalClientId'>) => ctx.paypalClientId;
