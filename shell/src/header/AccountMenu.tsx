import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useLogout, useSessionValue } from '@shop/shared';
import { useT } from '../messages';
import { menuEntries } from './menuEntries';
import styles from './Header.module.css';

const MENU_KEYS = { Login: 'account.Login', Register: 'account.Register', Orders: 'account.Orders', Addresses: 'account.Addresses', Profile: 'account.Profile' } as const;

export function AccountMenu() {
  const t = useT();
  const session = useSessionValue();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const ref = useRef<HTMLDivElement>(null);

  // A navigation closes the menu: set while rendering the new page, so the open menu is never painted on it.
  const [pathname, setPathname] = useState(location.pathname);
  if (pathname !== location.pathname) {
    setPathname(location.pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => ref.current && !ref.current.contains(event.target as Node) && setOpen(false);
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const logout = useLogout();
  // The route table names the storefront's entries in English (its menu labels); shown in the page's language.
  const menuTitle = (title: string) => (title in MENU_KEYS ? t(MENU_KEYS[title as keyof typeof MENU_KEYS]) : title);
  const signOutHere = () => {
    setOpen(false);
    return logout();
  };

  return (
    <div className={styles.account} ref={ref}>
      <button type="button" className={styles.iconButton} aria-haspopup="menu" aria-expanded={open} aria-label={session.auth ? t('account.buttonNamed', { name: session.name }) : t('account.button')} title={session.auth ? session.name : undefined} onClick={() => setOpen((o) => !o)}>
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.5" /><path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="1.5" /></svg>
        <span className={styles.accountName}>{session.auth ? session.name : t('account.button')}</span>
      </button>
      {open && (
        <div className={styles.menu} role="menu">
          {menuEntries(session)
            .filter((entry) => entry.show)
            .map((entry) =>
              entry.title === 'Logout' ? (
                <button key={entry.title} type="button" role="menuitem" className={styles.menuItem} onClick={() => void signOutHere()}>{t('account.Logout')}</button>
              ) : (
                <Link key={entry.title} role="menuitem" className={styles.menuItem} to={entry.url}>{menuTitle(entry.title)}</Link>
              ),
            )}
        </div>
      )}
    </div>
  );
}
