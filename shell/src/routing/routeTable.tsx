import routes from '../../public/routes.json';

/** Who may open a route (SPEC §2 "Route guards"). */
export type Guard = 'admin' | 'customer' | 'signedIn' | 'signedOut' | 'none';

export interface ShopRoute {
  path: string;
  /** Federated module id: "<remote>/<exposed module>". */
  remote: string;
  guard: Guard;
}

/**
 * SPEC §2 route table mapped to lazily loaded remote modules. Only the remote a route needs is fetched.
 * The table is data (public/routes.json, shipped beside index.html) so the server can preload the
 * route's remote entry and module with the page (api/src/static/hints.ts). The single-segment
 * catch-all `/:slug`, last, is the product page; it shows the 404 page for unknown slugs.
 */
export const remoteRoutes = routes as ShopRoute[];
