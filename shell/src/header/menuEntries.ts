import { guardRedirect, ROUTE_PATHS, type Session, type ShopRoute } from '@shop/shared';
import { shopRoutes } from '../routing/routeTable';
import { mayOpen } from '@shop/shared/src/contract';

export interface MenuEntry {
  show: boolean;
  title: string;
  url: string;
}

/**
 * SPEC §2 account dropdown: each entry with a show flag, a title and a url. The pages come from the
 * route table (the remotes' lists, <remote>/src/offers.ts: `menu`), in its order, shown to whom the
 * page's guard (or the entry's `shownTo`) lets in, and a back-office page to staff whose role holds its
 * permission (issue 42); Logout last.
 */
export function menuEntries(session: Pick<Session, 'auth' | 'role'> & Partial<Pick<Session, 'isSuperAdmin' | 'permissions'>>, routes: readonly ShopRoute[] = shopRoutes): MenuEntry[] {
  const pages = routes.flatMap(({ path, guard, menu, permission }) =>
    menu ? [{ show: guardRedirect(menu.shownTo ?? guard, session) === null && mayOpen(session, permission), title: menu.label, url: path }] : [],
  );
  return [...pages, { show: session.auth, title: 'Logout', url: ROUTE_PATHS.login }];
}
