import { startShop } from './shopServer';

// One production shop for all journeys; each journey makes its own users and data through the UI or the API.
export default async function globalSetup() {
  const shop = await startShop();
  (globalThis as Record<string, unknown>).__SHOP__ = shop;
  process.env.E2E_BASE_URL = shop.url;
}
