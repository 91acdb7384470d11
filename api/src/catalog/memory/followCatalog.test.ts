// A follower (the facet index, the product pages) runs once per catalogue version: not twice at start
// (the first version lookup announces the version it is about to build), again after a change.
import { startTestApp, within, type TestApp } from '../../test/harness';
import { CatalogVersion } from './catalogVersion';
import { CatalogFollower } from './followCatalog';
import { countWrites } from './ownWrites';

class CountingFollower extends CatalogFollower {
  runs: number[] = [];
  protected async run(version: number) {
    this.runs.push(version);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

test('one run per catalogue version, from start and after each change', async () => {
  const version = new CatalogVersion(countWrites(t.ctx.db));
  await version.start();
  const follower = new CountingFollower(version, 20);
  try {
    follower.start();
    expect(await within(5_000, () => !follower.busy)).toBe(true);
    // Longer than the follower's delay: a second run for the same version would have begun.
    await new Promise((r) => setTimeout(r, 300));
    expect(follower.runs).toHaveLength(1);
    expect(follower.busy).toBe(false);

    const usd = await t.currency('USD', '$');
    await t.product({ title: 'Opal Ring', basePrice: [{ currType: usd._id, amount: 100 }] });
    expect(await within(5_000, async () => (await version.current()) > follower.runs[0] && follower.runs.includes(await version.current()) && !follower.busy)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    const latest = await version.current();
    expect(follower.runs.at(-1)).toBe(latest);
    expect(new Set(follower.runs).size).toBe(follower.runs.length);
  } finally {
    await follower.close();
    await version.close();
  }
});
