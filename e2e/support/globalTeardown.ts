import type { RunningShop } from './shopServer';

export default async function globalTeardown() {
  const shop = (globalThis as Record<string, unknown>).__SHOP__ as RunningShop | undefined;
  await shop?.stop();
}
