import type { StandaloneRoute } from '@shop/shared/src/StandaloneHost';
import AboutPage from './about/AboutPage';
import ContactPage from './contact/ContactPage';
import HomePage from './home/HomePage';
import ProductPage from './product/ProductPage';
import ShopPage from './shop/ShopPage';

/** The routes this remote serves, as the shell maps them (used by the standalone host). */
export const routes: StandaloneRoute[] = [
  { path: '/', element: <HomePage /> },
  { path: '/shop', element: <ShopPage /> },
  { path: '/about', element: <AboutPage /> },
  { path: '/contact', element: <ContactPage /> },
  { path: '/:slug', element: <ProductPage /> },
];
