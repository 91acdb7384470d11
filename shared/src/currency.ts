import { atom, useAtomValue } from 'jotai';
import { startTransition, useEffect } from 'react';
import { call } from './api';
import { sessionAtom, shopStore } from './session';
import type { Currency } from '@shop/contract';

export const currenciesAtom = atom<Currency[]>([]);
const currenciesStatusAtom = atom<'idle' | 'loading' | 'succeeded' | 'failed'>('idle');

let inFlight: Promise<Currency[]> | null = null;
/** Failed loads in a row (the next try's delay, and each failure seen by the hook even when two come in one render). */
const failuresAtom = atom(0);
/** The wait before asking again after `n` failures in a row: 1, 2, 4 … 30 s. */
export const currenciesRetryMs = (n: number) => Math.min(30_000, 1_000 * 2 ** Math.max(0, n - 1));

/** Fetches the currencies once for every app on the page (GET /currencies needs no token). */
export function loadCurrencies(force = false): Promise<Currency[]> {
  if (inFlight && !force) return inFlight;
  shopStore.set(currenciesStatusAtom, 'loading');
  inFlight = call('listCurrencies')
    .then(({ data }) => {
      shopStore.set(failuresAtom, 0);
      // A transition: every price on the page re-renders with the currencies, in slices rather than one task.
      startTransition(() => {
        shopStore.set(currenciesAtom, data);
        shopStore.set(currenciesStatusAtom, 'succeeded');
      });
      return data;
    })
    .catch((error) => {
      shopStore.set(failuresAtom, shopStore.get(failuresAtom) + 1);
      shopStore.set(currenciesStatusAtom, 'failed');
      inFlight = null;
      throw error;
    });
  return inFlight;
}

/** SPEC §4: the chosen currency, or the first one when none is chosen or it no longer exists. */
export const selectedCurrencyAtom = atom<Currency | undefined>((get) => {
  const currencies = get(currenciesAtom);
  const chosen = get(sessionAtom).selectedCurrency;
  return currencies.find((c) => c._id === chosen) ?? currencies[0];
});

export function useCurrencies(): Currency[] {
  const currencies = useAtomValue(currenciesAtom);
  const status = useAtomValue(currenciesStatusAtom);
  const failures = useAtomValue(failuresAtom);
  useEffect(() => {
    if (status === 'idle') loadCurrencies().catch(() => undefined);
    if (status !== 'failed') return;
    // Without currencies no price shows and nothing can be added to the cart: a list that could not be
    // had (the API busy, the network gone) is asked for again, soon and then less often, never given up.
    const retry = setTimeout(() => loadCurrencies().catch(() => undefined), currenciesRetryMs(failures));
    return () => clearTimeout(retry);
  }, [status, failures]);
  return currencies;
}

export function useSelectedCurrency(): Currency | undefined {
  useCurrencies();
  return useAtomValue(selectedCurrencyAtom);
}
