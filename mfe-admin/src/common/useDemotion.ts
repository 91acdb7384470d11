import { useEffect } from 'react';
import { call, notify, onForbidden, sessionAtom, shopStore, urlOf, useNavigate, ROUTE_PATHS } from '@shop/shared';

export const DEMOTED_MESSAGE = 'Your admin rights were removed.';

/**
 * Issue 19: an admin whose role was changed to customer while signed in sees the back office close on
 * the next refused (403) call: the session takes the role the server now says (GET /user/me) and the
 * storefront opens, instead of a half-working dashboard. A plain admin refused a super admin's action
 * stays (the role is still admin); a super admin made a plain one gets the session's flag updated.
 */
export function useDemotion() {
  const navigate = useNavigate();
  useEffect(() => {
    let checking = false;
    return onForbidden((url) => {
      if (checking || url.startsWith(urlOf('myProfile'))) return;
      checking = true;
      call('myProfile')
        .then(({ data }) => {
          const session = shopStore.get(sessionAtom);
          if (!session.auth) return;
          if (data.role !== 'admin') {
            shopStore.set(sessionAtom, { ...session, role: data.role, isSuperAdmin: false });
            notify.info(DEMOTED_MESSAGE);
            navigate(ROUTE_PATHS.home, { replace: true });
          } else if (data.isSuperAdmin !== session.isSuperAdmin) {
            shopStore.set(sessionAtom, { ...session, isSuperAdmin: data.isSuperAdmin });
          }
        })
        .catch(() => undefined)
        .finally(() => {
          checking = false;
        });
    });
  }, [navigate]);
}
