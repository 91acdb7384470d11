import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from '@shop/shared';
import { nextShopQuery, parseShopQuery, shopSearchParams, type ShopQuery } from './shopQuery';

/** The shop list state read from and written to the URL (each change is a history entry, so Back works). */
export function useShopQuery(): [ShopQuery, (patch: Partial<ShopQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // Parsed from the string, so the same URL keeps the same query object (the params object is new on each render).
  const query = useMemo(() => parseShopQuery(new URLSearchParams(key)), [key]);
  const update = useCallback(
    (patch: Partial<ShopQuery>) => setParams(shopSearchParams(nextShopQuery(query, patch))),
    [query, setParams],
  );
  return [query, update];
}

/**
 * A control's own copy of a value that lives in the URL: it changes at once when the user acts,
 * and follows the URL when that changes (the router applies URL updates in a transition).
 */
export function useLocalCopy<T>(value: T): [T, (next: T) => void] {
  const [local, setLocal] = useState(value);
  useEffect(() => setLocal(value), [value]);
  return [local, setLocal];
}
