import { guardRedirect, ROUTE_PATHS, type Session, type ShopRoute } from '@shop/shared';
import { shopRoutes } from '../routing/routeTable';

export interface MenuEntry {
  show: boolean;
  title: string;
  url: string;
}

/**
 * SPEC §2 account dropdown: each entry with a show flag, a title and a url. The pages come from the
 * route table (the remotes' lists, <remote>/src/offers.ts: `menu`), in its order, shown to whom the
 * page's guard (or the entry's `shownTo`) lets in; Logout last.
 */
export function menuEntries(session: Pick<Session, 'auth' | 'role'> & Partial<Pick<Session, 'isSuperAdmin'>>, routes: readonly ShopRoute[] = shopRoutes): MenuEntry[] {
  const pages = routes.flatMap(({ path, guard, menu }) =>
    menu ? [{ show: guardRedirect(menu.shownTo ?? guard, session) === null, title: menu.label, url: path }] : [],
  );
  return [...pages, { show: session.auth, title: 'Logout', url: ROUTE_PATHS.login }];
}
