import { useCallback, useEffect, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { Link, NavLink, RemoteComponent, useLocation, useSessionValue, type FragmentProps, ROUTE_PATHS } from '@shop/shared';
import { GlobalSearch } from './GlobalSearch';
import adminStyles from '../common/admin.module.css';
import { sectionsFor } from './sections';
import { usePendingReviews } from './usePendingReviews';
import { StaffGate } from './StaffGate';
import styles from './AdminFrame.module.css';

const NAV_ID = 'admin-nav';

/**
 * The back office's frame (issue 19), around every admin page (the shell renders it for admin routes,
 * with the routed page and its account menu): a compact top bar (the drawer's button on phones, the
 * logo, the global search, 'View shop', the account menu), the side navigation of the sections (on
 * phones a drawer: its button opens it, Escape, a link, the backdrop or leaving it closes it; focus goes
 * in on opening and back out on closing), the page in <main>, and a slim footer (SPEC: every page has
 * a header and a footer). Every number in the back office is set in lining, tabular figures.
 */
export default function AdminFrame({ page, accountMenu }: FragmentProps['admin/AdminFrame']) {
  const [drawer, setDrawer] = useState(false);
  const [order, setOrder] = useState<string | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);
  const main = useRef<HTMLElement>(null);
  const location = useLocation();
  const pendingReviews = usePendingReviews(location.pathname);
  const sections = sectionsFor(useSessionValue());

  // Portalled modals and toasts live outside the frame: the figures' rule and the tables' cards on
  // phones (common/admin.module.css) are the document's while it shows.
  useEffect(() => {
    const classes = [styles.figures, adminStyles.tables];
    document.documentElement.classList.add(...classes);
    return () => document.documentElement.classList.remove(...classes);
  }, []);

  const close = useCallback((focus: 'toggle' | 'main' | 'none') => {
    setDrawer(false);
    if (focus === 'toggle') toggle.current?.focus();
    if (focus === 'main') main.current?.focus({ preventScroll: true });
  }, []);

  // A navigation (a link in the drawer, the search) closes the drawer; the new page gets the focus.
  const [path, setPath] = useState(location.pathname);
  if (path !== location.pathname) {
    setPath(location.pathname);
    if (drawer) setDrawer(false);
  }

  useEffect(() => {
    if (!drawer) return;
    nav.current?.querySelector<HTMLElement>('a')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close('toggle');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawer, close]);

  // Focus leaving the drawer (Tab past its last link) closes it, unless it goes to its own button.
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const to = event.relatedTarget as Node | null;
    if (drawer && to && !nav.current?.contains(to) && to !== toggle.current) setDrawer(false);
  };

  return (
    <div className={`${styles.frame} ${styles.figures}`}>
      <header className={styles.bar}>
        <button
          ref={toggle}
          type="button"
          className={styles.drawerToggle}
          aria-expanded={drawer}
          aria-controls={NAV_ID}
          aria-label={drawer ? 'Close admin menu' : 'Open admin menu'}
          onClick={() => (drawer ? close('toggle') : setDrawer(true))}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            {drawer ? <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="1.6" /> : <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="1.6" />}
          </svg>
        </button>
        <Link to={ROUTE_PATHS.dashboard} className={styles.logo}>
          Aurelia <span>Jewels</span>
        </Link>
        <span className={styles.badge}>Back office</span>
        <div className={styles.searchSlot}>
          <GlobalSearch onOpenOrder={setOrder} />
        </div>
        <Link to="/" className={styles.viewShop}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path d="M5 8h14l-1 12H6zM9 8V6a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" /></svg>
          View shop
        </Link>
        <div className={styles.account}>{accountMenu as ReactNode}</div>
      </header>
      <div className={styles.body}>
        <nav id={NAV_ID} ref={nav} aria-label="Admin sections" className={drawer ? `${styles.side} ${styles.sideOpen}` : styles.side} onBlur={onBlur}>
          <ul>
            {sections.map((s) => (
              <li key={s.to}>
                <NavLink
                  to={s.to}
                  className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
                  onClick={() => drawer && close('main')}
                >
                  {s.label}
                  {s.to === '/reviews' && pendingReviews > 0 && (
                    <span className={styles.count}>
                      {pendingReviews}
                      <span className="visually-hidden"> pending</span>
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {drawer && <div className={styles.backdrop} aria-hidden="true" onClick={() => close('toggle')} />}
        <main id="main" ref={main} tabIndex={-1} className={styles.main}>
          <StaffGate>{page as ReactNode}</StaffGate>
        </main>
      </div>
      {/* The back office's own footer: the storefront's tagline is the shop's words to its visitors, not the staff's (issue 38, 17). */}
      <footer className={styles.footer}>
        <p>
          © {new Date().getFullYear()} Aurelia Jewels. All rights reserved. · <Link to={ROUTE_PATHS.privacy}>Privacy Policy</Link> · <Link to={ROUTE_PATHS.contact}>Customer Service</Link>
        </p>
      </footer>
      {order && (
        <RemoteComponent id="account/OrderDetailsModal" props={{ orderId: order, mode: 'admin', onClose: () => setOrder(null), onChanged: () => undefined }} />
      )}
    </div>
  );
}
