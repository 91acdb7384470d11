import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface LoadOptions<T> {
  /** Keep the last answer (and error) while the next load runs, e.g. a list refreshed in place; else a load starts empty. */
  keep?: boolean;
  /** Render the answer as a transition: in slices, so a phone still answers taps meanwhile. */
  transition?: boolean;
  /** Called with the current key's answer only (never a stale one, never after unmount). */
  onSuccess?: (data: T) => void;
  /** Called with the current key's failure only; toasts go here. */
  onError?: (error: unknown) => void;
}

export interface Loaded<T> {
  status: LoadStatus;
  /** The answer; undefined while idle, after a failure, and while loading unless `keep`. */
  data: T | undefined;
  error: unknown;
  /** Loads the same key again. */
  reload: () => void;
  /** Changes the answer in place (an edit the server confirmed), until the next load. */
  setData: (update: (data: T | undefined) => T | undefined) => void;
}

type State<T> = Pick<Loaded<T>, 'status' | 'data' | 'error'>;
const IDLE: State<never> = { status: 'idle', data: undefined, error: undefined };

/**
 * The data-loading effect every page had by hand: `load(key, signal)` runs when `key` changes (a falsy
 * key loads nothing: 'idle'; a GET's key is usually its URL) or on `reload()`; an answer that comes
 * after the key changed or the component unmounted is dropped, and the signal given to `load` is
 * aborted then.
 */
export function useLoad<T>(key: string | false | null | undefined, load: (key: string, signal: AbortSignal) => Promise<T>, options: LoadOptions<T> = {}): Loaded<T> {
  const [state, setState] = useState<State<T>>(key ? { status: 'loading', data: undefined, error: undefined } : IDLE);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef({ load, options });
  // Declared before the loading effect, so that one (and the answers after it) see this render's load and options.
  useEffect(() => {
    latest.current = { load, options };
  });

  const request = key ? `${attempt} ${key}` : ''; // a new request for a new key or a reload
  useEffect(() => {
    if (!request) {
      setState((s) => (s.status === 'idle' && s.data === undefined ? s : IDLE));
      return;
    }
    const controller = new AbortController();
    const current = () => !controller.signal.aborted;
    const { keep } = latest.current.options;
    setState((s) => ({ status: 'loading', data: keep ? s.data : undefined, error: keep ? s.error : undefined }));
    const requested = request.slice(request.indexOf(' ') + 1);
    new Promise<T>((resolve) => resolve(latest.current.load(requested, controller.signal))).then(
      (data) => {
        if (!current()) return;
        const { transition, onSuccess } = latest.current.options;
        const show = () => setState({ status: 'succeeded', data, error: undefined });
        if (transition) startTransition(show);
        else show();
        onSuccess?.(data);
      },
      (error: unknown) => {
        if (!current()) return;
        setState({ status: 'failed', data: undefined, error });
        latest.current.options.onError?.(error);
      },
    );
    return () => controller.abort();
  }, [request]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const setData = useCallback((update: (data: T | undefined) => T | undefined) => setState((s) => ({ ...s, data: update(s.data) })), []);
  return { ...state, reload, setData };
}
