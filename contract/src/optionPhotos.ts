import type { Product } from './wire';

// Photos per option (issue 22): an option may have photos of its own, chosen among the product's
// (the piece in each metal). The product page's gallery, its first view, the cart's thumbnail and an
// order's line image all show a piece's photos by this one rule.

/** The most photos one option may have (the admin's body limit). */
export const MAX_OPTION_PHOTOS = 50;

/**
 * The photos of a piece with the options `optionIds`: the chosen options' own photos, each once,
 * those of the variants named in `first` first (the product page: the variant the shopper chose
 * last), then the others in variant order. A photo no longer among the product's is skipped. The
 * product's photos when none of the chosen options has any.
 */
export function photosOf(product: Pick<Product, 'imageUrls' | 'variants'>, optionIds: readonly string[], first: readonly string[] = []): string[] {
  const chosen = new Set(optionIds);
  const own = new Set(product.imageUrls);
  const variants = product.variants ?? [];
  const ordered = [...first.flatMap((id) => variants.filter((v) => v._id === id)), ...variants.filter((v) => !first.includes(v._id))];
  const photos: string[] = [];
  for (const variant of ordered) {
    const option = variant.options.find((o) => chosen.has(o._id));
    for (const url of option?.imageUrls ?? []) if (own.has(url) && !photos.includes(url)) photos.push(url);
  }
  return photos.length ? photos : product.imageUrls;
}

/** The one photo a cart or order line shows of a piece: its options' first, else the product's first. */
export const linePhoto = (product: Pick<Product, 'imageUrls' | 'variants'>, optionIds: readonly string[]): string | null =>
  photosOf(product, optionIds)[0] ?? null;
