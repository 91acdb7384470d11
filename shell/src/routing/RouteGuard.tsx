import type { ReactNode } from 'react';
import { Navigate, useSessionValue } from '@shop/shared';
import type { Guard } from './routeTable';

/** Where a guard sends someone who may not enter, or null to let them in (SPEC §2). */
export function guardRedirect(guard: Guard, session: { auth: boolean; role: string }): string | null {
  const signedIn = session.auth;
  switch (guard) {
    case 'admin':
      return signedIn && session.role === 'admin' ? null : '/login';
    case 'customer':
      return signedIn && session.role === 'customer' ? null : '/login';
    case 'signedIn':
      return signedIn ? null : '/';
    case 'signedOut':
      return signedIn ? '/shop' : null;
    default:
      return null;
  }
}

export function RouteGuard({ guard, children }: { guard: Guard; children: ReactNode }) {
  const session = useSessionValue();
  const target = guardRedirect(guard, session);
  return target ? <Navigate to={target} replace /> : children;
}
