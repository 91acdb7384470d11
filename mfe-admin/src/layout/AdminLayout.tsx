import type { ReactNode } from 'react';
import { Link, titleFromPath, useDocumentTitle, useLocation } from '@shop/shared';
import { useDemotion } from '../common/useDemotion';
import styles from './AdminLayout.module.css';

export { ADMIN_SECTIONS } from './sections';

export interface AdminLayoutProps {
  title: string;
  /** Buttons shown beside the section title (e.g. "Add Currency"). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * One admin page inside the back office's frame (AdminFrame: top bar, side navigation, footer): its
 * breadcrumb (SPEC §2: built from the path), its title as the page's heading and the document's
 * title, the actions beside it, and the page.
 */
export function AdminLayout({ title, actions, children }: AdminLayoutProps) {
  useDocumentTitle(title);
  // A 403 on an admin call: still an admin? If not, the back office closes (issue 19).
  useDemotion();
  const { pathname } = useLocation();
  return (
    <section className={styles.content} aria-labelledby="admin-section-title">
      <nav aria-label="Breadcrumb">
        <ol className={styles.trail}>
          <li><Link to="/">Home</Link></li>
          <li><span aria-current="page">{titleFromPath(pathname)}</span></li>
        </ol>
      </nav>
      <div className={styles.head}>
        <h1 id="admin-section-title" className={styles.title}>{title}</h1>
        {actions && <div className={styles.actions}>{actions}</div>}
      </div>
      {children}
    </section>
  );
}
