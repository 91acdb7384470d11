import type { ShopRoute } from '@shop/shared';
import routes from '../../public/routes.json';

export type { Guard, ShellPage, ShopRoute } from '@shop/shared';

/**
 * SPEC §2 route table: lazily loaded remote modules, and the shell's own pages. Only the remote a route needs is fetched.
 * The table is data (public/routes.json, shipped beside index.html) so the server can preload the
 * route's remote entry and module with the page (api/src/web/preloadHints.ts). The shell's build writes it
 * from the remotes' lists of what they offer (<remote>/src/offers.ts; routeTableOf.ts). The single-segment
 * catch-all `/:slug`, last, is the product page; it shows the 404 page for unknown slugs.
 */
export const shopRoutes: ShopRoute[] = [...(routes as ShopRoute[])];

/**
 * The table made from the releases this visitor gets (issue 36: /remotes.json's `routes`), set at start
 * before the first render: a release that adds a page shows it with no shell build.
 */
export function setShopRoutes(next: readonly ShopRoute[]): void {
  shopRoutes.splice(0, shopRoutes.length, ...next);
}
