// Loading a remote's modules at run time with webpack's own Module Federation (no federation runtime
// package): a remote is its remoteEntry.js, a script that defines a container as a global named like the
// remote (`var catalog = ...`). Load the script once, share this page's singletons with the container
// (init), then ask it for a module (get). The shell and each remote's standalone page use it.

declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: Record<string, unknown>;

interface Container {
  init(shareScope: unknown): Promise<void> | void;
  get(module: string): Promise<() => unknown>;
}

export interface RemoteEntry {
  name: string;
  /** URL of the remote's remoteEntry.js */
  entry: string;
}

const entries = new Map<string, string>();
const containers = new Map<string, Promise<Container>>();

/** Where each remote's remoteEntry.js is; registering a remote again forgets its loaded container. */
export function registerRemotes(remotes: RemoteEntry[]): void {
  for (const { name, entry } of remotes) {
    entries.set(name, entry);
    containers.delete(name);
  }
}

function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove(); // a later attempt adds a new one
      reject(new Error(`Loading script failed: ${url}`));
    };
    document.head.append(script);
  });
}

/** The remote's container, loaded and initialised once (a failed load is tried again at the next call). */
function containerOf(name: string): Promise<Container> {
  let container = containers.get(name);
  if (!container) {
    container = (async () => {
      const entry = entries.get(name);
      if (!entry) throw new Error(`remote ${name} is not registered`);
      await loadScript(entry);
      const loaded = (globalThis as unknown as Record<string, Container | undefined>)[name];
      if (typeof loaded?.get !== 'function') throw new Error(`remote ${name}: ${entry} defined no container`);
      await __webpack_init_sharing__('default');
      await loaded.init(__webpack_share_scopes__.default);
      return loaded;
    })();
    containers.set(name, container);
    container.catch(() => {
      if (containers.get(name) === container) containers.delete(name);
    });
  }
  return container;
}

/** A module of a remote by id ("catalog/HomePage"): its exports. Rejects when the remote or module cannot be loaded. */
export async function loadRemote(id: string): Promise<unknown> {
  const slash = id.indexOf('/');
  const container = await containerOf(id.slice(0, slash));
  const factory = await container.get(`./${id.slice(slash + 1)}`);
  return factory();
}
