import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ToastOptions } from 'react-toastify';

/** SPEC §9: the app-wide toast area closes after 2000 ms, no progress bar. */
export const TOAST_AUTO_CLOSE_MS = 2000;

const defaults: ToastOptions = { autoClose: TOAST_AUTO_CLOSE_MS, hideProgressBar: true };

// react-toastify (9.5 KB gzip and a stylesheet) is fetched with the first toast, not with every page:
// ToastArea renders nothing until then, and toasts wait until its container is mounted to show.
type Toastify = typeof import('./toastContainer');
let toastify: Promise<Toastify> | undefined;
const loadToastify = () => (toastify ??= import(/* webpackChunkName: "toasts" */ './toastContainer'));

let requested = false;
const areaListeners = new Set<() => void>();
let mountedAreas = 0;
let waiting: Array<() => void> = [];

function onAreaMounted() {
  mountedAreas += 1;
  const ready = waiting;
  waiting = [];
  for (const show of ready) show();
  return () => {
    mountedAreas -= 1;
  };
}

/** Runs `show` with react-toastify once a toast area is on the page (loading both the first time). */
function withToasts(show: (toast: Toastify['toast']) => void): void {
  if (!requested) {
    requested = true;
    for (const listener of areaListeners) listener();
  }
  void loadToastify().then(({ toast }) => {
    if (mountedAreas > 0) show(toast);
    else waiting.push(() => show(toast));
  });
}

const LazyArea = lazy(() => loadToastify().then((m) => ({ default: m.LoadedToastArea })));

export function ToastArea() {
  const shown = useSyncExternalStore(
    (listener) => {
      areaListeners.add(listener);
      return () => areaListeners.delete(listener);
    },
    () => requested,
  );
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <LazyArea autoClose={TOAST_AUTO_CLOSE_MS} onMounted={onAreaMounted} />
    </Suspense>
  );
}

export const notify = {
  success: (message: string) => withToasts((toast) => toast.success(message, defaults)),
  error: (message: string) => withToasts((toast) => toast.error(message, defaults)),
  info: (message: string) => withToasts((toast) => toast.info(message, defaults)),
};

/**
 * Pending / success / error toasts around one call (SPEC §8 triples); resolves or rejects as the call
 * does. `error` may be made from the failure (e.g. the server's reason for refusing).
 */
export function notifyPromise<T>(promise: Promise<T>, messages: { pending: string; success: string; error: string | ((error: unknown) => string) }): Promise<T> {
  const { error } = messages;
  const params = { ...messages, error: typeof error === 'string' ? error : { render: ({ data }: { data: unknown }) => error(data) } };
  withToasts((toast) => void toast.promise(promise, params, defaults).catch(() => undefined));
  return promise;
}
