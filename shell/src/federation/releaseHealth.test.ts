import type { ShopRoute } from '@shop/shared';
import { setShopRoutes, shopRoutes } from '../routing/routeTable';
import { RemoteUnavailableError } from './offlineRemote';
import { configureReleaseHealth, reportRemoteError } from './releaseHealth';
import { RELEASE_EVENTS_URL } from '@shop/shared/src/contract';

// Issue 36: the shell's health reports per release, and the route table taken from /remotes.json.

test('a failed load and an error are each reported once a page, naming the release; never for a remote without one', async () => {
  const beacons: Array<[string, Blob]> = [];
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, body: Blob) => beacons.push([url, body]) > 0,
  });
  const textOf = (blob: Blob) =>
    new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
  configureReleaseHealth('/api/', { catalog: '1.4.0+a1b2c3d' });
  reportRemoteError('catalog/HomePage', new RemoteUnavailableError('catalog/HomePage'));
  reportRemoteError('catalog/ShopPage', new RemoteUnavailableError('catalog/ShopPage'));
  reportRemoteError('catalog/HomePage', new TypeError('x is undefined'));
  reportRemoteError('catalog/HomePage', new TypeError('again'));
  reportRemoteError('checkout/MiniCart', new TypeError('no release: not reported'));
  const sent = await Promise.all(beacons.map(async ([url, body]) => [url, JSON.parse(await textOf(body)), body.type]));
  expect(sent).toEqual([
    [RELEASE_EVENTS_URL, { remote: 'catalog', version: '1.4.0+a1b2c3d', kind: 'load-failed' }, 'application/json'],
    [RELEASE_EVENTS_URL, { remote: 'catalog', version: '1.4.0+a1b2c3d', kind: 'error' }, 'application/json'],
  ]);
});

test('the route table is replaced by the one the visitor\'s releases make', () => {
  const lookbook: ShopRoute = { path: '/lookbook', remote: 'catalog/LookbookPage', guard: 'none' };
  const before = [...shopRoutes];
  setShopRoutes([lookbook, ...before]);
  try {
    expect(shopRoutes[0]).toBe(lookbook);
    expect(shopRoutes).toHaveLength(before.length + 1);
  } finally {
    setShopRoutes(before);
  }
});
