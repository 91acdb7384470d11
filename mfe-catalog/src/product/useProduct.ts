import { startTransition, useEffect, useState } from 'react';
import { api, apiStatus, type Product } from '@shop/shared';

export type ProductState =
  | { status: 'loading' }
  | { status: 'succeeded'; product: Product }
  | { status: 'notFound' }
  | { status: 'failed' };

/** GET /product/slugSearch/:slug; the lookup clears the current product when it starts (SPEC §4). */
export function useProduct(slug: string | undefined): [ProductState, () => void] {
  const [state, setState] = useState<ProductState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!slug) {
      setState({ status: 'notFound' });
      return;
    }
    let live = true;
    setState({ status: 'loading' });
    api
      .get<Product>(`/product/slugSearch/${encodeURIComponent(slug)}`)
      // A transition: React renders the page that arrived in slices, so a phone still answers taps meanwhile.
      .then(({ data }) => live && startTransition(() => setState(data && data._id ? { status: 'succeeded', product: data } : { status: 'notFound' })))
      .catch((error) => {
        if (!live) return;
        // SPEC §7: an error means not found; only a lost connection or a server fault is offered a retry.
        const status = apiStatus(error);
        setState(status === undefined || status >= 500 ? { status: 'failed' } : { status: 'notFound' });
      });
    return () => {
      live = false;
    };
  }, [slug, attempt]);

  return [state, () => setAttempt((n) => n + 1)];
}
