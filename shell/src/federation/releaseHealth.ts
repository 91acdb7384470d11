import { type ReleaseEventKind, urlOf } from '@shop/shared';

// Health per release (issue 36): the page tells the shop when a remote's module failed to load or its
// area's error boundary caught an error, naming the remote and the version this visitor got
// (/remotes.json's `versions`). At most one report per remote and kind a page load (the shop compares
// them with its page views), sent so it never holds the page: a beacon, else a keepalive fetch, and no
// answer awaited.

let versions: Record<string, string> = {};
let eventsUrl = `/api${urlOf('releaseEvent')}`;
const sent = new Set<string>();

export function configureReleaseHealth(apiUrl: string, live: Record<string, string> | undefined): void {
  eventsUrl = `${apiUrl.replace(/\/+$/, '')}${urlOf('releaseEvent')}`;
  versions = live ?? {};
}

/** A failed load (the stand-in's RemoteUnavailableError) or any other error of a remote's area ("catalog/HomePage"). */
export function reportRemoteError(id: string, error: Error): void {
  const remote = id.split('/')[0];
  const kind: ReleaseEventKind = error.name === 'RemoteUnavailableError' ? 'load-failed' : 'error';
  const version = versions[remote];
  if (!version || sent.has(`${remote}:${kind}`)) return;
  sent.add(`${remote}:${kind}`);
  const body = JSON.stringify({ remote, version, kind });
  try {
    if (navigator.sendBeacon?.(eventsUrl, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // A beacon refused (a browser's quota): the fetch below.
  }
  globalThis.fetch?.(eventsUrl, { method: 'POST', body, headers: { 'content-type': 'application/json' }, keepalive: true }).catch(() => undefined);
}
