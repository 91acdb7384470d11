import type { Socket } from 'node:net';
import { startShop } from './shopServer';

// One production shop for all journeys; each journey makes its own users and data through the UI or the API.
export default async function globalSetup() {
  // Journeys log in often from one address; the per-IP login limit stays on, just roomier.
  // They check what a first view shows, not how soon (its time bound is api/src/web/firstView.test.ts's):
  // on CI's crowded host a home render once missed the 1 s bound and the page went without it (stop 46).
  const shop = await startShop({ AUTH_RATE_LIMIT: '1000', FIRST_VIEW_TIMEOUT_MS: '10000' });
  (globalThis as Record<string, unknown>).__SHOP__ = shop;
  process.env.E2E_BASE_URL = shop.url;
  // Its outbox's .eml files (DATA_DIR/mail): the one place a reset link is readable (issue 34 #1).
  process.env.E2E_DATA_DIR = shop.dataDir;
  // The shop must not keep jest's own process alive; teardown stops it.
  shop.process.unref();
  (shop.process.stdout as Socket | null)?.unref();
  (shop.process.stderr as Socket | null)?.unref();
}
