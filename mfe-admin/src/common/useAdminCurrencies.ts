import { useEffect, useSyncExternalStore } from 'react';
import { call, useCurrencies, type AnswerOf, type Currency, type Endpoints } from '@shop/shared';

/** A currency as the back office sees it (issue 38): its status and how many products have a price in it. */
export type AdminCurrency = AnswerOf<Endpoints['adminCurrencies']>[number];

let drafts: Currency[] = [];
let inFlight: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** Fetches the draft currencies again (after one is added, edited, published or deleted). */
export function reloadAdminCurrencies(): Promise<void> {
  inFlight = call('adminCurrencies')
    .then(({ data }) => {
      drafts = data.filter((c) => c.status === 'draft').map(({ _id, name, code, symbol }) => ({ _id, name, code, symbol }));
      for (const listener of listeners) listener();
    })
    .catch(() => undefined);
  return inFlight;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The currencies the back office prices in: the published ones (the shared list shoppers get), then the
 * drafts (issue 38: hidden from shoppers, their prices are filled here before they are published).
 */
export function useAdminCurrencies(): Currency[] {
  const published = useCurrencies();
  const waiting = useSyncExternalStore(subscribe, () => drafts);
  useEffect(() => {
    if (!inFlight) void reloadAdminCurrencies();
  }, []);
  const shown = new Set(published.map((c) => c._id));
  return waiting.length ? [...published, ...waiting.filter((c) => !shown.has(c._id))] : published;
}
