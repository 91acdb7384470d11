import { useState } from 'react';
import { Link, NavLink, useLocation, RemoteComponent, ROUTE_PATHS } from '@shop/shared';
import { LanguageSwitch } from '../locale/LanguageSwitch';
import { useT } from '../messages';
import { AccountMenu } from './AccountMenu';
import { CurrencySwitcher } from './CurrencySwitcher';
import { SearchBox } from './SearchBox';
import styles from './Header.module.css';

const NAV_LINKS = [
  { to: ROUTE_PATHS.shop, label: 'header.shop' },
  { to: ROUTE_PATHS.about, label: 'header.about' },
  { to: ROUTE_PATHS.contact, label: 'header.contact' },
  { to: ROUTE_PATHS.wishlist, label: 'header.wishlist' },
  { to: ROUTE_PATHS.cart, label: 'header.cart' },
  { to: ROUTE_PATHS.checkout, label: 'header.checkout' },
] as const;

export function Header() {
  const t = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // Any navigation (a search on /shop included) closes the mobile menu: set while rendering the new
  // page, so the open menu is never painted on it.
  const [locationKey, setLocationKey] = useState(location.key);
  if (locationKey !== location.key) {
    setLocationKey(location.key);
    setMenuOpen(false);
  }

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <button type="button" className={`${styles.iconButton} ${styles.menuToggle}`} aria-expanded={menuOpen} aria-controls="main-nav" aria-label={t(menuOpen ? 'header.closeMenu' : 'header.openMenu')} onClick={() => setMenuOpen((o) => !o)}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            {menuOpen ? <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="1.6" /> : <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="1.6" />}
          </svg>
        </button>
        <Link to="/" className={styles.logo}>
          Aurelia <span>Jewels</span>
        </Link>
        <nav id="main-nav" aria-label={t('header.nav')} className={`${styles.nav} ${menuOpen ? styles.navOpen : ''}`}>
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={({ isActive }) => (isActive ? styles.active : undefined)}>
              {t(link.label)}
            </NavLink>
          ))}
          <LanguageSwitch />
        </nav>
        <div className={styles.tools}>
          <SearchBox />
          <CurrencySwitcher />
          <LanguageSwitch />
          <AccountMenu />
          <div className={styles.miniCart} data-slot="mini-cart">
            <RemoteComponent id="checkout/MiniCart" compact />
          </div>
        </div>
      </div>
    </header>
  );
}
