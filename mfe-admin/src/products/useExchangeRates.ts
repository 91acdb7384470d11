import { call, urlOf, useLoad } from '@shop/shared';

/** Rates from one currency (GET /rates/:baseCode, through our API). Failures are silent (SPEC §8): no pre-fill then. */
export function useExchangeRates(baseCode: string | undefined, enabled = true): Record<string, number> | null {
  const rates = useLoad(
    enabled && baseCode && urlOf('rates', { params: { base: baseCode } }),
    () =>
      call('rates', { params: { base: baseCode! } }).then(({ data }) => {
        if (!data?.rates) return null;
        const upper: Record<string, number> = {};
        for (const [code, rate] of Object.entries(data.rates)) if (typeof rate === 'number' && rate > 0) upper[code.toUpperCase()] = rate;
        return upper;
      }),
    { onError: (error) => console.warn('Exchange rates unavailable', error) },
  );
  return rates.data ?? null;
}
