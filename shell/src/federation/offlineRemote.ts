import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Thrown while rendering a remote that could not be loaded, so its error boundary shows the retry. */
export class RemoteUnavailableError extends Error {
  constructor(readonly remoteId: string) {
    super(`Remote module ${remoteId} is unavailable`);
    this.name = 'RemoteUnavailableError';
  }
}

export const UNAVAILABLE = Symbol.for('shop.remoteUnavailable');

/**
 * Layer two of three (retry in the loader, this fallback module, the error boundary):
 * a remote that cannot be fetched resolves to a stand-in module instead of rejecting start-up.
 */
export default function offlineRemotePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shop-offline-remote',
    errorLoadRemote({ id, error, lifecycle }) {
      console.warn(`[federation] could not load ${id} (${lifecycle})`, error);
      if (lifecycle !== 'onLoad' && lifecycle !== 'beforeRequest') return undefined;
      // biome-ignore lint/correctness/noComponentHookFactories: one stand-in per remote that failed, made when it fails; it holds no state (it throws on render)
      const Unavailable = () => {
        throw new RemoteUnavailableError(id);
      };
      return () => ({ default: Unavailable, [UNAVAILABLE]: true });
    },
  };
}
