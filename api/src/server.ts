import path from 'node:path';
import { buildApp } from './app.js';

async function main() {
  const env = process.env;
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  const app = await buildApp({
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    jwtSecret: env.JWT_SECRET || undefined,
    adminEmail: env.ADMIN_EMAIL || 'admin@shop.local',
    adminPassword: env.ADMIN_PASSWORD || 'admin12345',
    seedDemo: (env.SEED_DEMO ?? '1') !== '0' && env.SEED_DEMO !== 'false',
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
    staticRoot: env.STATIC_ROOT ? path.resolve(env.STATIC_ROOT) : path.resolve(__dirname, '../..'),
    paypalClientId: env.PAYPAL_CLIENT_ID || null,
    paypalClientSecret: env.PAYPAL_CLIENT_SECRET || null,
    paypalApiBase: env.PAYPAL_API_BASE || undefined,
    ratesApiBase: env.RATES_API_BASE || undefined,
    authRateLimit: env.AUTH_RATE_LIMIT ? { max: Number(env.AUTH_RATE_LIMIT), windowMs: 60_000 } : undefined,
    logger: env.LOG !== '0',
  });
  const port = Number(env.PORT ?? 3000);
  const host = env.HOST ?? '0.0.0.0';
  await app.listen({ port, host });
  console.log(`Shop listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${port} (API at /api, docs at /api/docs)`);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.once(sig, () => {
      app.close().then(() => process.exit(0), () => process.exit(1));
    });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
