import type { ReactNode } from 'react';
import { Navigate, useSessionValue } from '@shop/shared';
import type { Guard } from './routeTable';

/** Where a guard sends someone who may not enter, or null to let them in (SPEC §2). */
export function guardRedirect(guard: Guard, session: { auth: boolean; role: string; isSuperAdmin?: boolean }): string | null {
  const signedIn = session.auth;
  switch (guard) {
    case 'admin':
      return signedIn && session.role === 'admin' ? null : '/login';
    // A plain admin is sent away as anyone who is not an admin is from the back office.
    case 'superAdmin':
      return signedIn && session.role === 'admin' && session.isSuperAdmin === true ? null : '/login';
    case 'customer':
      return signedIn && session.role === 'customer' ? null : '/login';
    case 'signedIn':
      return signedIn ? null : '/';
    case 'signedOut':
      return signedIn ? '/shop' : null;
    case 'none':
      return null;
    // A guard this shell does not know (a remote's newer release): closed rather than open.
    default:
      return '/login';
  }
}

export function RouteGuard({ guard, children }: { guard: Guard; children: ReactNode }) {
  const session = useSessionValue();
  const target = guardRedirect(guard, session);
  return target ? <Navigate to={target} replace /> : children;
}
