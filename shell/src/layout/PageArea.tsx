import { useEffect, useRef, type ReactNode } from 'react';
import { FirstViewHost, endFirstView, useFirstViewShown, useLocation } from '@shop/shared';
import styles from './PageArea.module.css';

/** However slow the page, the server's first view gives way after this long (the page shows its own loading state). */
export const FIRST_VIEW_MAX_MS = 8000;

/**
 * The page, and while the server's first view of it stands in (shared/src/firstView.tsx), that view
 * above it with the page hidden. The view ends when the page is ready, fails, the visitor goes to
 * another page, or after FIRST_VIEW_MAX_MS.
 */
export function PageArea({ children }: { children: ReactNode }) {
  const shown = useFirstViewShown();
  const { pathname } = useLocation();
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (shown && pathname !== firstPath.current) endFirstView();
  }, [shown, pathname]);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(endFirstView, FIRST_VIEW_MAX_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  return (
    <>
      {shown && <FirstViewHost />}
      {/* One wrapper in both states, so the page is never remounted when the view ends. */}
      <div className={shown ? styles.pending : undefined} aria-hidden={shown || undefined}>
        {children}
      </div>
    </>
  );
}
