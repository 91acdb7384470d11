import type { RemoteOffers } from '@shop/shared';
import { CARD_IMAGE_SIZES, GALLERY_IMAGE_SIZES, HERO_IMAGE_SIZES } from './products/imageSizes';

/**
 * What the catalog remote offers, in one list: its webpack `exposes` (webpack.config.js) and the
 * shell's route table (shell/public/routes.json, built from it, with `/:slug` after every fixed path)
 * come from here. `leadImage`: the photo the server preloads with the page, at the `sizes` its <img>
 * uses. Read by Node too (through tsx, scripts/webpack/offers.js): data and constants only.
 */
export const offers = {
  name: 'catalog',
  pages: [
    { path: '/', module: 'HomePage', file: './home/HomePage.tsx', guard: 'none', leadImage: { of: 'newest', sizes: HERO_IMAGE_SIZES } },
    { path: '/shop', module: 'ShopPage', file: './shop/ShopPage.tsx', guard: 'none', leadImage: { of: 'newest', sizes: CARD_IMAGE_SIZES, plainUrlOnly: true } },
    // Any single-segment path: a product's slug, or the 404 page.
    { path: '/:slug', module: 'ProductPage', file: './product/ProductPage.tsx', guard: 'none', leadImage: { of: 'product', sizes: GALLERY_IMAGE_SIZES } },
    { path: '/about', module: 'AboutPage', file: './about/AboutPage.tsx', guard: 'none' },
    { path: '/contact', module: 'ContactPage', file: './contact/ContactPage.tsx', guard: 'none' },
  ],
} as const satisfies RemoteOffers;
