import type { PageOffer, RemoteOffers, ShopRoute } from '@shop/shared';

// How the route table (public/routes.json) is built from the remotes' lists of what they offer
// (<remote>/src/offers.ts). The shell build runs this in Node (scripts/webpack/offers.js, through
// tsx) and writes the file; routeTable.test.ts checks the file is what the lists say. Type imports only.

/** The remotes whose pages the shell routes to, by folder, in the route table's order. */
export const ROUTED_REMOTES = ['mfe-catalog', 'mfe-account', 'mfe-checkout', 'mfe-admin'] as const;
export type RoutedRemote = (typeof ROUTED_REMOTES)[number];

/** The shell's own pages (shell/src/pages, ShopRoutes.tsx), after the remotes' pages. */
export const SHELL_ROUTES: readonly ShopRoute[] = [
  { path: '/privacy-policy', page: 'PrivacyPage', guard: 'none' },
  { path: '/privacy-&-policy', page: 'PrivacyPage', guard: 'none' },
];

const routeOf = (remote: string, { path, module, guard, leadImage, menu }: PageOffer): ShopRoute => ({
  path,
  remote: `${remote}/${module}`,
  guard,
  ...(leadImage && { leadImage }),
  ...(menu && { menu }),
});

/**
 * The route table: each remote's pages in ROUTED_REMOTES' order and its list's order, then the shell's
 * pages; a path with a parameter (the product catch-all `/:slug`) after every fixed path.
 */
export function routeTableOf(lists: Record<RoutedRemote, RemoteOffers>): ShopRoute[] {
  const routes = [...ROUTED_REMOTES.flatMap((dir) => lists[dir].pages.map((page) => routeOf(lists[dir].name, page))), ...SHELL_ROUTES];
  const withParameter = (route: ShopRoute) => route.path.includes(':');
  return [...routes.filter((route) => !withParameter(route)), ...routes.filter(withParameter)];
}

/** A value on one line, keys in their order: `{"path": "/", "guard": "none"}`. */
const oneLine = (value: unknown): string =>
  value !== null && typeof value === 'object'
    ? `{${Object.entries(value).map(([key, v]) => `${JSON.stringify(key)}: ${oneLine(v)}`).join(', ')}}`
    : JSON.stringify(value);

/** routes.json's text: one route a line, so a change to the lists reads as a one-line diff. */
export const routeTableJson = (routes: readonly ShopRoute[]): string => `[\n${routes.map((route) => `  ${oneLine(route)}`).join(',\n')}\n]\n`;
