import { useEffect, type ReactNode } from 'react';
import { call, Link, Navigate, ROUTE_PATHS, setPermissions, urlOf, useLoad, useLocation, useSessionValue } from '@shop/shared';
import { mayOpen, pageAt, sectionsFor } from './sections';
import styles from './AdminFrame.module.css';

/**
 * Issue 42: what stands between a staff member and a back-office page. The role's permissions are
 * asked again (GET /user/me) on opening the back office and kept with the session (the menu shows only
 * what they open); a staff member who must set up two-factor sign-in first (ADMIN_2FA_REQUIRED) is sent
 * to it; a page the role has no permission for shows "You do not have access" (a deep link), and the
 * dashboard, when it is not theirs, gives way to their first section.
 */
export function StaffGate({ children }: { children: ReactNode }) {
  const session = useSessionValue();
  const { pathname } = useLocation();
  const profile = useLoad(urlOf('myProfile'), () => call('myProfile').then((a) => a.data));
  const known = profile.data?.permissions;
  useEffect(() => {
    if (known && known.join() !== (session.permissions ?? []).join()) setPermissions(known);
  }, [known, session.permissions]);

  if (profile.data?.twoFactorRequired && !profile.data.twoFactor) {
    return (
      <div className={styles.gate} role="alert">
        <h1>Set up two-factor sign-in first</h1>
        <p>Staff accounts of this shop sign in with a code from an authenticator app as well as their password. Turn it on in your profile to use the back office.</p>
        <p>
          <Link to={`${ROUTE_PATHS.profile}?twoFactor=setup`}>Set up two-factor sign-in</Link>
        </p>
      </div>
    );
  }
  const page = pageAt(pathname);
  if (page && !mayOpen(session, page.permission)) {
    const first = sectionsFor(session)[0];
    if (pathname === ROUTE_PATHS.dashboard && first) return <Navigate to={first.to} replace />;
    return (
      <div className={styles.gate} role="alert">
        <h1>You do not have access</h1>
        <p>Your role does not include this part of the back office. Ask the shop’s owner if you need it.</p>
        {first && (
          <p>
            <Link to={first.to}>Go to {first.label}</Link>
          </p>
        )}
      </div>
    );
  }
  return <>{children}</>;
}
