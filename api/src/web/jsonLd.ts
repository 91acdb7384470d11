import { type Currency, defaultSelection, discountedUnitPrice, type Product, type Review, SHOP_NAME, unitPriceOf } from '@shop/contract';

// The page's structured data for search engines (schema.org as JSON-LD): a product page's Product with
// its offer and its BreadcrumbList, the home's Organization and WebSite with its search. Priced by the
// contract's rules, as the page itself prices the piece (its default options, its running discounts).

const CONTEXT = 'https://schema.org';
const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

/**
 * A `<script type="application/ld+json">` holding data: '<', '>' and '&' as JSON escapes, so no text
 * in it (a title with `</script>`) can end the element or start markup.
 */
export const jsonLdScript = (data: object): string =>
  `<script type="application/ld+json">${JSON.stringify(data).replace(/[<>&]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`)}</script>`;

/**
 * The offer of a product in a currency: the page's price of its default options, after the product's
 * running discounts (contract unitPriceOf and discountedUnitPrice: the price the cart would charge),
 * or null when it has no price there.
 */
export function offerOf(product: Product, currency: Pick<Currency, '_id' | 'code'>, url: string, now: Date) {
  const unit = unitPriceOf(product, Object.values(defaultSelection(product, currency._id)), currency._id);
  if (unit === undefined) return null;
  return {
    '@type': 'Offer',
    url,
    price: discountedUnitPrice(unit, product.discounts ?? [], currency._id, now),
    priceCurrency: currency.code,
    availability: product.available ? IN_STOCK : OUT_OF_STOCK,
    itemCondition: 'https://schema.org/NewCondition',
  };
}

export interface ProductData {
  product: Product;
  description: string;
  /** Absolute URLs, the main photo first. */
  images: string[];
  url: string;
  currency: Pick<Currency, '_id' | 'code'> | null;
  now: Date;
  /** Its newest approved reviews (issue 41). */
  reviews?: Review[];
}

/**
 * The product's own rating and reviews (issue 41), once it has an approved one; nothing otherwise (rich
 * results refuse a rating of no reviews, and one that is the shop's rather than the product's).
 */
export function ratingData(product: Product, reviews: Review[]) {
  if (!product.rating?.count) return {};
  return {
    aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating.average, reviewCount: product.rating.count, bestRating: 5, worstRating: 1 },
    ...(reviews.length && {
      review: reviews.map((r) => ({
        '@type': 'Review',
        name: r.title,
        reviewBody: r.body,
        datePublished: r.createdAt.slice(0, 10),
        author: { '@type': 'Person', name: r.author },
        reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      })),
    }),
  };
}

/** A product page's Product (without an offer when the shop has no currency or the piece no price in it). */
export function productData({ product, description, images, url, currency, now, reviews = [] }: ProductData) {
  const offer = currency && offerOf(product, currency, url, now);
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: product.title,
    description,
    ...(images.length && { image: images }),
    sku: product._id,
    url,
    ...(offer && { offers: offer }),
    ...ratingData(product, reviews),
  };
}

/** The trail from the home to a page, as the shell's breadcrumb shows it (Home / the page). */
export const breadcrumbData = (trail: Array<{ name: string; url: string }>) => ({
  '@context': CONTEXT,
  '@type': 'BreadcrumbList',
  itemListElement: trail.map((step, i) => ({ '@type': 'ListItem', position: i + 1, name: step.name, item: step.url })),
});

/** The home's: the shop as an organization, and as a website whose search is /shop?que= (SPEC §2). */
export const homeData = (publicUrl: string) => [
  { '@context': CONTEXT, '@type': 'Organization', name: SHOP_NAME, url: `${publicUrl}/`, logo: `${publicUrl}/apple-touch-icon.png` },
  {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: SHOP_NAME,
    url: `${publicUrl}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${publicUrl}/shop?que={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  },
];
