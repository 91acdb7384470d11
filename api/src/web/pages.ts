import { DEFAULT_LOCALE, type Locale, type ShopRoute } from '@shop/contract';
import type { CatalogForWeb } from './catalogForWeb.js';
import type { PageFacts } from './pageHead.js';
import { routeOf } from './preloadHints.js';

// Which shop pages exist, as the shell will render them: a path of the shell's route table
// (shell/public/routes.json, the same table the shell routes with), and for the product page a slug
// the catalogue has (the read its first view makes anyway, kept in the catalogue's memory). Anything
// else is the SPEC's 404 page, which the shell renders itself: the server answers it with status 404.

/** A route whose parameter is a product's slug: its lead photo is the product's (the route table says so: `/:slug`). */
const showsProduct = (route: ShopRoute) => route.path.includes(':') && route.leadImage?.of === 'product';

/** The product slug in a page's path, or null when it cannot be one (a broken escape). */
function slugIn(pagePath: string): string | null {
  try {
    return decodeURIComponent(pagePath.replace(/^\/+|\/+$/g, ''));
  } catch {
    return null;
  }
}

/**
 * What the server knows of the page at pagePath: its route and status, and the product it shows.
 * Without a route table, or when the catalogue cannot be asked, the page is taken to exist (200, as
 * before): a 404 is only said of what is known not to be there.
 */
export async function pageFacts(routes: ShopRoute[], pagePath: string, catalog: CatalogForWeb | undefined, locale: Locale = DEFAULT_LOCALE): Promise<PageFacts> {
  if (!routes.length) return { route: undefined, status: 200, product: null, locale };
  const route = routeOf(routes, pagePath);
  if (!route) return { route, status: 404, product: null, locale };
  if (!showsProduct(route) || !catalog) return { route, status: 200, product: null, locale };
  const slug = slugIn(pagePath);
  if (slug === null) return { route, status: 404, product: null, locale };
  const product = await catalog.pageProduct(slug, locale).catch(() => undefined);
  if (product === undefined) return { route, status: 200, product: null, locale };
  return { route, status: product ? 200 : 404, product, locale };
}
