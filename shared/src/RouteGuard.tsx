import type { ReactNode } from 'react';
import { ROUTE_PATHS, type Guard } from '@shop/contract';
import { Navigate } from './router';
import { useSessionValue } from './session';

// The route guards of SPEC §2, once: the shell guards every route with them, and a remote's standalone
// host guards its own pages the same way.

/** Where a guard sends someone who may not enter, or null to let them in (SPEC §2). */
export function guardRedirect(guard: Guard, session: { auth: boolean; role: string; isSuperAdmin?: boolean }): string | null {
  const signedIn = session.auth;
  switch (guard) {
    case 'admin':
      return signedIn && session.role === 'admin' ? null : ROUTE_PATHS.login;
    // A plain admin is sent away as anyone who is not an admin is from the back office.
    case 'superAdmin':
      return signedIn && session.role === 'admin' && session.isSuperAdmin === true ? null : ROUTE_PATHS.login;
    case 'customer':
      return signedIn && session.role === 'customer' ? null : ROUTE_PATHS.login;
    case 'signedIn':
      return signedIn ? null : ROUTE_PATHS.home;
    case 'signedOut':
      return signedIn ? ROUTE_PATHS.shop : null;
    case 'none':
      return null;
    // A guard this shell does not know (a remote's newer release): closed rather than open.
    default:
      return ROUTE_PATHS.login;
  }
}

/** Its page when the session may open it, else a redirect to where the guard sends. */
export function RouteGuard({ guard, children }: { guard: Guard; children: ReactNode }) {
  const session = useSessionValue();
  const target = guardRedirect(guard, session);
  return target ? <Navigate to={target} replace /> : children;
}
