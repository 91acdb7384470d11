import { getShopConfig } from '@shop/shared/src/config';
import { RemoteUnavailableError, UNAVAILABLE } from './offlineRemote';
import { setShopRoutes, shopRoutes } from '../routing/routeTable';
import { loadShopRemote, registerShopRemotes } from './remotes';

// The shell loads remotes with webpack's own federation (shared/src/remoteContainers.ts): a script per
// remoteEntry.js defines the container, which is given the page's share scope once, then asked for modules.
// Here the "network" is the script tags the loader adds: an entry that is up defines its container.

type Container = { init: jest.Mock; get: jest.Mock };
const globals = globalThis as unknown as Record<string, unknown>;
const shareScopes = { default: { react: {} } };
let up: Record<string, Container> = {};
let scriptsLoaded: string[] = [];

function containerWith(modules: Record<string, unknown>): Container {
  return {
    init: jest.fn(),
    get: jest.fn(async (name: string) => {
      if (!(name in modules)) throw new Error(`Module "${name}" does not exist in container.`);
      return () => modules[name];
    }),
  };
}

beforeAll(() => {
  globals.__webpack_init_sharing__ = jest.fn(async () => undefined);
  globals.__webpack_share_scopes__ = shareScopes;
  jest.spyOn(document.head, 'append').mockImplementation((...nodes) => {
    for (const node of nodes) {
      if (!(node instanceof HTMLScriptElement)) continue;
      scriptsLoaded.push(node.src);
      const name = /\/mfe-(\w+)\//.exec(node.src)?.[1] ?? '';
      setTimeout(() => {
        if (up[name]) {
          globals[name] = up[name];
          node.onload?.(new Event('load'));
        } else node.onerror?.(new Event('error'));
      }, 0);
    }
  });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

beforeEach(async () => {
  up = {};
  scriptsLoaded = [];
  for (const name of ['catalog', 'checkout']) delete globals[name];
  globalThis.fetch = jest.fn(async () => ({
    ok: true,
    json: async () => ({ apiUrl: 'https://api.example.com/api', remotes: { catalog: '/mfe-catalog/remoteEntry.js', checkout: '/mfe-checkout/remoteEntry.js' } }),
  })) as unknown as typeof fetch;
  await registerShopRemotes();
});

afterEach(() => jest.useRealTimers());

it('reads remotes.json: the API address and where each remote entry is', () => {
  expect(globalThis.fetch).toHaveBeenCalledWith('/remotes.json');
  expect(getShopConfig().apiUrl).toBe('https://api.example.com/api');
});

it("loads a remote's entry once, shares the page's singletons with it, and answers its modules", async () => {
  up.catalog = containerWith({ './HomePage': { default: 'home' }, './ShopPage': { default: 'shop' } });
  expect(await loadShopRemote('catalog/HomePage')).toEqual({ default: 'home' });
  expect(await loadShopRemote('catalog/ShopPage')).toEqual({ default: 'shop' });
  expect(scriptsLoaded).toEqual([`${window.location.origin}/mfe-catalog/remoteEntry.js`]);
  expect(up.catalog.init).toHaveBeenCalledTimes(1);
  expect(up.catalog.init).toHaveBeenCalledWith(shareScopes.default);
  expect(up.catalog.get.mock.calls).toEqual([['./HomePage'], ['./ShopPage']]);
});

it('tries a remote that is down three times, then answers a stand-in that throws on render; Retry loads it once it is back', async () => {
  jest.useFakeTimers();
  const loading = loadShopRemote('catalog/HomePage');
  await jest.runAllTimersAsync();
  const module = (await loading) as { default: () => unknown; [UNAVAILABLE]?: boolean };
  expect(scriptsLoaded).toHaveLength(3);
  expect(module[UNAVAILABLE]).toBe(true);
  expect(() => module.default()).toThrow(RemoteUnavailableError);

  up.catalog = containerWith({ './HomePage': { default: 'home' } });
  const again = loadShopRemote('catalog/HomePage');
  await jest.runAllTimersAsync();
  expect(await again).toEqual({ default: 'home' });
});

it('answers the module when a later attempt reaches the remote', async () => {
  jest.useFakeTimers();
  const loading = loadShopRemote('checkout/MiniCart');
  await jest.advanceTimersByTimeAsync(1);
  expect(scriptsLoaded).toHaveLength(1);
  up.checkout = containerWith({ './MiniCart': { default: 'cart' } });
  await jest.runAllTimersAsync();
  expect(await loading).toEqual({ default: 'cart' });
  expect(scriptsLoaded).toHaveLength(2);
});

it('answers the stand-in for a module the remote does not have', async () => {
  jest.useFakeTimers();
  up.catalog = containerWith({});
  const loading = loadShopRemote('catalog/Nope');
  await jest.runAllTimersAsync();
  expect(((await loading) as Record<symbol, unknown>)[UNAVAILABLE]).toBe(true);
});

it("routes by the table of the visitor's releases when remotes.json has one (issue 36), and keeps the built one otherwise", async () => {
  const built = [...shopRoutes];
  const table = [{ path: '/lookbook', remote: 'catalog/LookbookPage', guard: 'none' as const }, ...built];
  globalThis.fetch = jest.fn(async () => ({ ok: true, json: async () => ({ apiUrl: '/api', remotes: { catalog: '/releases/catalog/1.4.0%2Babcdef1/remoteEntry.js' }, routes: table, versions: { catalog: '1.4.0+abcdef1' } }) })) as unknown as typeof fetch;
  try {
    await registerShopRemotes();
    expect(shopRoutes).toEqual(table);
  } finally {
    setShopRoutes(built);
  }
  globalThis.fetch = jest.fn(async () => ({ ok: true, json: async () => ({ apiUrl: '/api', remotes: {} }) })) as unknown as typeof fetch;
  await registerShopRemotes();
  expect(shopRoutes).toEqual(built);
});
