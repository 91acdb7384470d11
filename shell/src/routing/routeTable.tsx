import routes from '../../public/routes.json';

/** Who may open a route (SPEC §2 "Route guards"). */
export type Guard = 'admin' | 'customer' | 'signedIn' | 'signedOut' | 'none';

/** Pages of the shell itself (shell/src/pages). */
export type ShellPage = 'PrivacyPage';

/** A route shows either a remote's exposed module or one of the shell's own pages. */
export interface ShopRoute {
  path: string;
  /** Federated module id: "<remote>/<exposed module>". */
  remote?: string;
  page?: ShellPage;
  guard: Guard;
  /**
   * The page's largest picture (its LCP), for the server to preload with the page: the newest
   * product's first photo (the home's hero) or the product's own (a product page), and the `sizes`
   * its <img> uses, so the browser picks the same copy. The catalog's tests keep `sizes` in step.
   */
  leadImage?: { of: 'newest' | 'product'; sizes: string; plainUrlOnly?: boolean };
}

/**
 * SPEC §2 route table: lazily loaded remote modules, and the shell's own pages. Only the remote a route needs is fetched.
 * The table is data (public/routes.json, shipped beside index.html) so the server can preload the
 * route's remote entry and module with the page (api/src/static/hints.ts). The single-segment
 * catch-all `/:slug`, last, is the product page; it shows the 404 page for unknown slugs.
 */
export const shopRoutes = routes as ShopRoute[];
