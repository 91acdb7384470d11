import { useEffect } from 'react';
import { useLocation } from '@shop/shared';

/** SPEC §2: smooth scroll to the top on each route change. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  return null;
}
