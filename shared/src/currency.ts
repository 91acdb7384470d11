import { atom, useAtomValue } from 'jotai';
import { startTransition, useEffect } from 'react';
import { call } from './api';
import { sessionAtom, shopStore } from './session';
import type { Currency } from '@shop/contract';

export const currenciesAtom = atom<Currency[]>([]);
const currenciesStatusAtom = atom<'idle' | 'loading' | 'succeeded' | 'failed'>('idle');

let inFlight: Promise<Currency[]> | null = null;

/** Fetches the currencies once for every app on the page (GET /currencies needs no token). */
export function loadCurrencies(force = false): Promise<Currency[]> {
  if (inFlight && !force) return inFlight;
  shopStore.set(currenciesStatusAtom, 'loading');
  inFlight = call('listCurrencies')
    .then(({ data }) => {
      // A transition: every price on the page re-renders with the currencies, in slices rather than one task.
      startTransition(() => {
        shopStore.set(currenciesAtom, data);
        shopStore.set(currenciesStatusAtom, 'succeeded');
      });
      return data;
    })
    .catch((error) => {
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
  useEffect(() => {
    if (status === 'idle') loadCurrencies().catch(() => undefined);
  }, [status]);
  return currencies;
}

export function useSelectedCurrency(): Currency | undefined {
  useCurrencies();
  return useAtomValue(selectedCurrencyAtom);
}
