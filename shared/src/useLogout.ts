import { startTransition } from 'react';
import { ROUTE_PATHS } from '@shop/contract';
import { endSession } from './api';
import { useNavigate } from './router';
import { signOut } from './session';

/**
 * The Logout entry (SPEC §2: clears the session, goes to /login), for every Logout button. The server
 * ends the session first (a failed or slow call still signs out here). Then the session is cleared and
 * /login shown in one update: cleared alone, the page still on screen would render signed out at its
 * own URL and its guard would send the user elsewhere (the addresses page: to /), over /login.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    await endSession();
    startTransition(() => {
      signOut();
      navigate(ROUTE_PATHS.login);
    });
  };
}
