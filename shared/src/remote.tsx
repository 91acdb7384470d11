import type { FragmentId, FragmentProps } from '@shop/contract';
import { endFirstView } from './firstView';
import { Component, lazy, Suspense, useMemo, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './ui/Button';
import { useT } from './messages';
import { Spinner } from './ui/Spinner';
import styles from './remote.module.css';

/**
 * Loads a federated module by id ("checkout/AddToCart"). The host sets it from its federation
 * runtime; remotes reach each other's fragments through it, so no remote hard-codes another's URL.
 */
type RemoteLoader = (id: string) => Promise<unknown>;
let remoteLoader: RemoteLoader = (id) => Promise.reject(new Error(`No remote loader configured for ${id}`));

export function setRemoteLoader(loader: RemoteLoader): void {
  remoteLoader = loader;
}

/** Told of every error a remote's boundary catches (the shell reports it as its release's health). */
type RemoteErrorReporter = (id: string, error: Error) => void;
let reportError: RemoteErrorReporter = () => undefined;
export function setRemoteErrorReporter(reporter: RemoteErrorReporter): void {
  reportError = reporter;
}

export function loadRemoteModule<T = unknown>(id: string): Promise<T> {
  return remoteLoader(id) as Promise<T>;
}

interface BoundaryProps {
  name: string;
  onRetry: () => void;
  children: ReactNode;
  compact?: boolean;
}

/** Contains a remote that fails to load or throws: only its area shows the fallback. */
export class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[remote ${this.props.name}]`, error, info.componentStack);
    reportError(this.props.name, error);
    // The page will not come: show its error instead of the server's first view of it.
    endFirstView();
  }

  retry = () => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  render() {
    if (!this.state.error) return this.props.children;
    return <RemoteFallback name={this.props.name} compact={this.props.compact} onRetry={this.retry} />;
  }
}

function RemoteFallback({ name, compact, onRetry }: { name: string; compact?: boolean; onRetry: () => void }) {
  const t = useT();
  if (compact) {
    return (
      <span className={styles.compact} role="alert">
        {t('remote.unavailableShort')} <button type="button" className={styles.link} onClick={onRetry}>{t('remote.retry')}</button>
      </span>
    );
  }
  return (
    <section className={styles.fallback} role="alert" data-remote-fallback={name}>
      <h2>{t('remote.unavailable')}</h2>
      <p>{t('remote.checkConnection')}</p>
      <Button onClick={onRetry}>{t('remote.retry')}</Button>
    </section>
  );
}

/** A fragment's props from the contract (checked on both sides); a page (a route's module) takes none. */
type RemoteProps<Id extends string> = Id extends FragmentId ? FragmentProps[Id] : never;

/** Renders a federated module's default export, with a spinner while it loads and a retryable fallback. */
export function RemoteComponent<Id extends string>({ id, props, compact, loading }: { id: Id; props?: RemoteProps<Id>; compact?: boolean; loading?: ReactNode }) {
  type P = RemoteProps<Id> & object;
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the point: a Retry builds a new lazy component, so the remote really loads again
  const Lazy = useMemo(
    () =>
      lazy(async () => {
        const mod = (await loadRemoteModule<{ default?: ComponentType<P> }>(id)) ?? {};
        if (!mod.default) throw new Error(`${id} has no default export`);
        return { default: mod.default };
      }),
    [id, attempt],
  );
  return (
    <RemoteErrorBoundary name={id} compact={compact} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={loading ?? (compact ? null : <Spinner />)}>
        <Lazy {...((props ?? {}) as P)} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
