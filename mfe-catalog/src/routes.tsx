import type { ComponentType } from 'react';
import type { PageModuleOf } from '@shop/shared';
import type { StandaloneRoute } from '@shop/shared/src/StandaloneHost';
import AboutPage from './about/AboutPage';
import ContactPage from './contact/ContactPage';
import HomePage from './home/HomePage';
import { offers } from './offers';
import ProductPage from './product/ProductPage';
import ShopPage from './shop/ShopPage';

const PAGES: Record<PageModuleOf<typeof offers>, ComponentType> = { HomePage, ShopPage, ProductPage, AboutPage, ContactPage };

/** The routes this remote serves, as the shell maps them (its list, ./offers.ts; used by the standalone host). */
export const routes: StandaloneRoute[] = offers.pages.map(({ path, module }) => {
  const Page = PAGES[module];
  return { path, element: <Page /> };
});
