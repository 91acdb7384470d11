import type { RemoteOffers, ShopRoute } from '@shop/shared';
import { routeTableFrom } from '@shop/shared/src/contract';

// How the route table (public/routes.json) is built from the remotes' lists of what they offer
// (<remote>/src/offers.ts). The shell build runs this in Node (scripts/webpack/offers.js, through
// tsx) and writes the file; routeTable.test.ts checks the file is what the lists say. The rule itself
// is the contract's (routeTableFrom), which the API applies to the live releases per visitor.

export { SHELL_ROUTES } from '@shop/shared/src/contract';

/** The remotes whose pages the shell routes to, by folder. */
export const ROUTED_REMOTES = ['mfe-catalog', 'mfe-account', 'mfe-checkout', 'mfe-admin'] as const;
export type RoutedRemote = (typeof ROUTED_REMOTES)[number];

/** The route table of the lists as they are in the repository (the releases' order: RELEASED_REMOTES). */
export function routeTableOf(lists: Record<RoutedRemote, RemoteOffers>): ShopRoute[] {
  return routeTableFrom(Object.fromEntries(ROUTED_REMOTES.map((dir) => [lists[dir].name, lists[dir].pages])));
}

/** A value on one line, keys in their order: `{"path": "/", "guard": "none"}`. */
const oneLine = (value: unknown): string =>
  value !== null && typeof value === 'object'
    ? `{${Object.entries(value).map(([key, v]) => `${JSON.stringify(key)}: ${oneLine(v)}`).join(', ')}}`
    : JSON.stringify(value);

/** routes.json's text: one route a line, so a change to the lists reads as a one-line diff. */
export const routeTableJson = (routes: readonly ShopRoute[]): string => `[\n${routes.map((route) => `  ${oneLine(route)}`).join(',\n')}\n]\n`;
