import { useMemo } from 'react';
import type { OptionSelection, Product } from '@shop/shared';
import { shownPrice, type ShownPrice } from '../products/pricing';

/** SPEC §4: the price recalculates on any option, currency or product change. */
export function useProductPrice(product: Product | undefined, selection: OptionSelection, currencyId: string | undefined): ShownPrice | undefined {
  const optionIds = Object.values(selection).join(',');
  return useMemo(
    () => (product ? shownPrice(product, optionIds ? optionIds.split(',') : [], currencyId) : undefined),
    [product, optionIds, currencyId],
  );
}
