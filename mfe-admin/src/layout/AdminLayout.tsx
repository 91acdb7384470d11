import type { ReactNode } from 'react';
import { NavLink, useDocumentTitle, type PageOffer } from '@shop/shared';
import { offers } from '../offers';
import styles from './AdminLayout.module.css';

/** The admin sections of SPEC §2, in menu order: this remote's pages with a menu entry (../offers.ts). */
export const ADMIN_SECTIONS = offers.pages.flatMap((page: PageOffer) => (page.menu ? [{ to: page.path, label: page.menu.label }] : []));

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
