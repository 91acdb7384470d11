import type { ReactNode } from 'react';
import { NavLink, useDocumentTitle } from '@shop/shared';
import styles from './AdminLayout.module.css';

/** The admin sections of SPEC §2, in menu order. */
export const ADMIN_SECTIONS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/orders', label: 'Orders' },
  { to: '/products', label: 'Products' },
  { to: '/filters', label: 'Filters' },
  { to: '/discounts', label: 'Discounts' },
  { to: '/currencies', label: 'Currencies' },
  { to: '/users', label: 'Users' },
  { to: '/deleted-users', label: 'Deleted Users' },
] as const;

export interface AdminLayoutProps {
  title: string;
  /** Buttons shown beside the section title (e.g. "Add Currency"). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The one layout of the back office: a side nav of the sections (a horizontal scroller on phones) and the section. */
export function AdminLayout({ title, actions, children }: AdminLayoutProps) {
  useDocumentTitle(title);
  return (
    <div className={styles.layout}>
      <nav className={styles.nav} aria-label="Admin sections">
        <ul>
          {ADMIN_SECTIONS.map((s) => (
            <li key={s.to}>
              <NavLink to={s.to} className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}>
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className={styles.content} aria-labelledby="admin-section-title">
        <div className={styles.head}>
          <h1 id="admin-section-title" className={styles.title}>{title}</h1>
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
        {children}
      </section>
    </div>
  );
}
