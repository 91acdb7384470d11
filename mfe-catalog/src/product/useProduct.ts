import { apiStatus, call, urlOf, useLoad, type LoadStatus, type Product } from '@shop/shared';

export type ProductState =
  | { status: 'loading' }
  | { status: 'succeeded'; product: Product }
  | { status: 'notFound' }
  | { status: 'failed' };

/** GET /product/slugSearch/:slug; the lookup clears the current product when it starts (SPEC §4). */
export function useProduct(slug: string | undefined): [ProductState, () => void] {
  // A transition: React renders the page that arrived in slices, so a phone still answers taps meanwhile.
  const found = useLoad(slug && urlOf('productBySlug', { params: { slug } }), () => call('productBySlug', { params: { slug: slug! } }).then(({ data }) => data), { transition: true });
  return [productState(slug, found.status, found.data, found.error), found.reload];
}

function productState(slug: string | undefined, status: LoadStatus, product: Product | undefined, error: unknown): ProductState {
  if (!slug) return { status: 'notFound' };
  if (status === 'succeeded') return product?._id ? { status: 'succeeded', product } : { status: 'notFound' };
  if (status !== 'failed') return { status: 'loading' };
  // SPEC §7: an error means not found; only a lost connection or a server fault is offered a retry.
  const code = apiStatus(error);
  return code === undefined || code >= 500 ? { status: 'failed' } : { status: 'notFound' };
}
