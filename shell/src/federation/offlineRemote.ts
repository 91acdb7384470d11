/** Thrown while rendering a remote that could not be loaded, so its error boundary shows the retry. */
export class RemoteUnavailableError extends Error {
  constructor(readonly remoteId: string) {
    super(`Remote module ${remoteId} is unavailable`);
    this.name = 'RemoteUnavailableError';
  }
}

export const UNAVAILABLE = Symbol.for('shop.remoteUnavailable');

/**
 * The stand-in for a remote module that cannot be fetched, so a remote that is down never rejects the
 * shell's start-up: its component throws on render, and the area's error boundary shows the fallback.
 */
export function unavailableModule(id: string): { default: () => never; [UNAVAILABLE]: true } {
  // biome-ignore lint/correctness/noComponentHookFactories: one stand-in per remote that failed, made when it fails; it holds no state (it throws on render)
  const Unavailable = () => {
    throw new RemoteUnavailableError(id);
  };
  return { default: Unavailable, [UNAVAILABLE]: true };
}
