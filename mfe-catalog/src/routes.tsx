import type { StandaloneRoute } from '@shop/shared/src/StandaloneHost';
import AboutPage from './pages/AboutPage';
import ContactPage from './pages/ContactPage';
import HomePage from './pages/HomePage';
import ProductPage from './pages/ProductPage';
import ShopPage from './pages/ShopPage';

/** The routes this remote serves, as the shell maps them (used by the standalone host). */
export const routes: StandaloneRoute[] = [
  { path: '/', element: <HomePage /> },
  { path: '/shop', element: <ShopPage /> },
  { path: '/about', element: <AboutPage /> },
  { path: '/contact', element: <ContactPage /> },
  { path: '/:slug', element: <ProductPage /> },
];
