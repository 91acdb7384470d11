import type { ReactNode } from 'react';
import { Link, NavLink, useLogout, useSessionValue } from '@shop/shared';
import styles from './AccountLayout.module.css';
import { useT } from '../messages';

/** The layout of the customer area (/my-account/*): a side nav (Orders, Addresses, Profile, Logout) beside the page. */
export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  const { name, role } = useSessionValue();
  const logout = useLogout();
  const linkClass = ({ isActive }: { isActive: boolean }) => [styles.navLink, isActive && styles.active].filter(Boolean).join(' ');

  return (
    <div className={styles.page}>
      <aside className={styles.side}>
        {name && <p className={styles.hello}>{t.rich('layout.hello', { name, strong: (chunks) => <strong>{chunks}</strong> })}</p>}
        <nav aria-label={t('layout.nav')}>
          <ul className={styles.nav}>
            {/* Orders and addresses are a customer's; an admin comes here for the profile alone. */}
            {role !== 'admin' && <li><NavLink to="/my-account/orders" className={linkClass}>{t('layout.orders')}</NavLink></li>}
            {role !== 'admin' && <li><NavLink to="/my-account/addresses" className={linkClass}>{t('layout.addresses')}</NavLink></li>}
            <li><NavLink to="/my-account/profile" className={linkClass}>{t('layout.profile')}</NavLink></li>
            <li><button type="button" className={styles.navLink} onClick={() => void logout()}>{t('layout.logout')}</button></li>
          </ul>
        </nav>
        <p className={styles.privacy}>
          {t.rich('layout.privacy', { link: (chunks) => <Link to="/privacy-&-policy">{chunks}</Link> })}
        </p>
      </aside>
      <section className={styles.content} aria-labelledby="account-title">
        <h1 id="account-title" className={styles.title}>{title}</h1>
        {children}
      </section>
    </div>
  );
}
