// The router pieces the shop uses, re-exported from the shared package so that webpack keeps only these
// from react-router (a shared module is never tree-shaken, and react-router-dom whole is ~61 KB gzip).
// Being inside @shop/shared, the singleton every app gets from the shell, there is one router per page.
// Apps import them from '@shop/shared', never from 'react-router-dom' (facades.test.ts checks).
import { pathInLocale, pathWithoutLocale, type Locale } from '@shop/contract';
import { forwardRef, useCallback, useMemo, type ComponentProps } from 'react';
import {
  Link as RouterLink,
  NavLink as RouterNavLink,
  Navigate as RouterNavigate,
  useLocation as useRouterLocation,
  useNavigate as useRouterNavigate,
  type NavigateOptions,
  type To,
} from 'react-router-dom';
import { useLocale } from './i18n';

export { BrowserRouter, Route, Routes, useParams, useSearchParams } from 'react-router-dom';

/** An absolute target in the given locale ("/shop" -> "/fr/shop"); relative ones stay relative. */
export function localizeTo(to: To, locale: Locale): To {
  if (typeof to === 'string') return to.startsWith('/') ? pathInLocale(to, locale) : to;
  return to.pathname?.startsWith('/') ? { ...to, pathname: pathInLocale(to.pathname, locale) } : to;
}

// Links and navigations inside the apps keep the visitor's locale: the apps write today's paths
// ("/shop"), the router adds "/fr" on a French page. `locale` sends to another language (the header's switch).
type LocaleProp = { locale?: Locale };

export const Link = forwardRef<HTMLAnchorElement, ComponentProps<typeof RouterLink> & LocaleProp>(function Link({ to, locale, ...props }, ref) {
  const current = useLocale();
  return <RouterLink ref={ref} to={localizeTo(to, locale ?? current)} {...props} />;
});

export const NavLink = forwardRef<HTMLAnchorElement, ComponentProps<typeof RouterNavLink>>(function NavLink({ to, ...props }, ref) {
  return <RouterNavLink ref={ref} to={localizeTo(to, useLocale())} {...props} />;
});

export function Navigate({ to, ...props }: ComponentProps<typeof RouterNavigate>) {
  return <RouterNavigate to={localizeTo(to, useLocale())} {...props} />;
}

/** `locale`: to the page in another language (the header's switch); otherwise the page's own. */
type LocaleNavigateOptions = NavigateOptions & LocaleProp;

export function useNavigate(): (to: To | number, options?: LocaleNavigateOptions) => void {
  const navigate = useRouterNavigate();
  const current = useLocale();
  return useCallback(
    (to: To | number, { locale, ...options }: LocaleNavigateOptions = {}) =>
      typeof to === 'number' ? navigate(to) : navigate(localizeTo(to, locale ?? current), options),
    [navigate, current],
  );
}

/** The location as the apps know their paths: without the locale's prefix ("/fr/shop" reads "/shop"). */
export function useLocation(): ReturnType<typeof useRouterLocation> {
  const location = useRouterLocation();
  return useMemo(() => ({ ...location, pathname: pathWithoutLocale(location.pathname) }), [location]);
}

/** The location with its locale prefix, as in the address bar (the language switch, scrolling to the top). */
export const useFullLocation = useRouterLocation;
