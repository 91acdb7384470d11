import { useEffect, useState } from 'react';
import { api } from '@shop/shared';

/** Rates from one currency (GET /rates/:baseCode, through our API). Failures are silent (SPEC §8): no pre-fill then. */
export function useExchangeRates(baseCode: string | undefined, enabled = true): Record<string, number> | null {
  const [rates, setRates] = useState<Record<string, number> | null>(null);
  useEffect(() => {
    setRates(null);
    if (!baseCode || !enabled) return;
    let live = true;
    api
      .get<{ base: string; rates: Record<string, number> }>(`/rates/${encodeURIComponent(baseCode)}`)
      .then(({ data }) => {
        if (!live || !data?.rates) return;
        const upper: Record<string, number> = {};
        for (const [code, rate] of Object.entries(data.rates)) if (typeof rate === 'number' && rate > 0) upper[code.toUpperCase()] = rate;
        setRates(upper);
      })
      .catch((error) => console.warn('Exchange rates unavailable', error));
    return () => {
      live = false;
    };
  }, [baseCode, enabled]);
  return rates;
}
