import { apiStatus, call, urlOf, useLoad, type LoadStatus, type Product } from '@shop/shared';

export type ProductState =
  | { status: 'loading' }
  | { status: 'succeeded'; product: Product }
  | { status: 'notFound' }
  | { status: 'failed' };

/**
 * GET /product/slugSearch/:slug; the lookup clears the current product when it starts (SPEC §4). With a
 * preview token (issue 38: an admin's signed link to a draft, ?preview=), the product it names instead.
 */
export function useProduct(slug: string | undefined, preview?: string | null): [ProductState, () => void] {
  // A transition: React renders the page that arrived in slices, so a phone still answers taps meanwhile.
  const key = slug && (preview ? urlOf('productPreview', { query: { token: preview } }) : urlOf('productBySlug', { params: { slug } }));
  const found = useLoad(
    key,
    () => (preview ? call('productPreview', { query: { token: preview } }) : call('productBySlug', { params: { slug: slug! } })).then(({ data }) => data),
    { transition: true },
  );
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
