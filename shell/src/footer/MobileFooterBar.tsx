import { NavLink, ROUTE_PATHS } from '@shop/shared';
import { useT } from '../messages';
import styles from './Footer.module.css';

const LINKS = [
  { to: ROUTE_PATHS.home, label: 'mobile.home', icon: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z' },
  { to: ROUTE_PATHS.shop, label: 'mobile.shop', icon: 'M5 8h14l-1 12H6zM9 8V6a3 3 0 0 1 6 0v2' },
  { to: ROUTE_PATHS.wishlist, label: 'mobile.wishlist', icon: 'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z' },
  { to: ROUTE_PATHS.cart, label: 'mobile.cart', icon: 'M3 4h2l2 12h11l2-8H6M9 20h.01M17 20h.01' },
] as const;

/** SPEC §2: the phone-width bar with Home, Shop, Wishlist, Cart. */
export function MobileFooterBar() {
  const t = useT();
  return (
    <nav className={styles.mobileBar} aria-label={t('mobile.label')}>
      {LINKS.map((link) => (
        <NavLink key={link.to} to={link.to} end className={({ isActive }) => (isActive ? styles.mobileActive : undefined)}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path d={link.icon} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" /></svg>
          <span>{t(link.label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
