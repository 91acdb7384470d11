import { useEffect, useRef } from 'react';
import { useLocation } from '@shop/shared';

/**
 * SPEC §2: smooth scroll to the top on each route change. Not on the first render: a page just loaded
 * is at the top already (or where the browser restored it on a reload), and scrolling there forced a
 * layout of the whole page in the middle of the app's start.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => {
    if (first.current === pathname) return;
    first.current = '';
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}
