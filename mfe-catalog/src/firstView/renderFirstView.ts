import {
  escapeHtml,
  FIRST_VIEW_ID,
  type FirstViewContent,
  type FirstViewProduct,
  firstPhoto,
  isExternalLink,
  isNewProduct,
  isSlug,
  LEAD_PHOTO_ATTRIBUTE,
  type Locale,
  localizedPath,
  NEWEST_PRODUCTS,
  ORIGINAL_IMAGE_WIDTH,
  PHOTO_SRC_WIDTH,
  photoSrcSet,
  type RenderFirstView,
  uploadAt,
  uploadUrl,
} from '@shop/shared/src/contract';
import en, { type CatalogMessages } from '../messages/en';
import fr from '../messages/fr';
import { CARD_IMAGE_SIZES, GALLERY_IMAGE_SIZES, HERO_IMAGE_SIZES } from '../products/imageSizes';
import { PAGE_SIZE } from '../shop/pageSize';
import { FIRST_VIEW_STYLE } from './firstViewStyle';

// The catalogue's first view: what the top of the home, the shop and a product page show, as plain
// HTML the server sends with the page (api/src/web/firstView.ts). The browser paints it, photo
// included, before any script runs; the shell keeps it on screen until the page's own render has the
// same content (shared/src/firstView.tsx), so the visitor sees the page ~2 s sooner on a phone.
// Built for Node as dist-server/firstView.js (webpack.firstView.js), so it reads the contract through
// @shop/shared/src/contract (no React). Its data and the rules it shares with the page (the New badge,
// the slug, the 12 newest, the photo's copies) are the contract's. Prices are left out: they depend on
// the visitor's currency, which only the browser knows.

/**
 * The page's texts (issue 37): the catalogue's own, both locales bundled in this Node build (the browser's
 * loads only its page's); its links keep the page's locale prefix, as the page's Link does.
 */
const MESSAGES: Record<Locale, CatalogMessages> = { en, fr };
interface Page {
  text: (key: keyof CatalogMessages) => string;
  href: (path: string) => string;
}
const pageIn = (locale: Locale = 'en'): Page => ({ text: (key) => escapeHtml((MESSAGES[locale] ?? en)[key]), href: (path) => escapeHtml(localizedPath(locale, path)) });

/** The cards the shop's first view shows: its first rows on any screen. */
const SHOP_CARDS = Math.min(8, PAGE_SIZE);
/** An uploaded photo as an <img> with the same copies and `sizes` as the page's own (@shop/shared imageSrcSet). */
function photo(path: string | undefined, sizes: string, eager: boolean): string {
  const upload = uploadUrl(path);
  if (!upload) return '';
  const url = escapeHtml(upload);
  const priority = eager ? ` ${LEAD_PHOTO_ATTRIBUTE}` : ' loading="lazy"';
  return `<img src="${uploadAt(url, PHOTO_SRC_WIDTH)}" srcset="${photoSrcSet((w) => uploadAt(url, w))}" sizes="${sizes}" alt="" width="${ORIGINAL_IMAGE_WIDTH}" height="778"${priority}>`;
}

/** The home's first slide as the owner wrote it (issue 38, 17), its picture or the newest piece's photo. */
function homeView(products: FirstViewProduct[], content: FirstViewContent | null, page: Page): string | null {
  const slide = content?.slides[0];
  if (!slide) return null;
  const image = slide.image || firstPhoto(products);
  const href = isExternalLink(slide.link) ? escapeHtml(slide.link) : page.href(slide.link);
  const eyebrow = slide.eyebrow ? `<p class="fv-eyebrow">${escapeHtml(slide.eyebrow)}</p>` : '';
  const lead = slide.text ? `<p class="fv-lead">${escapeHtml(slide.text)}</p>` : '';
  const button = slide.link && slide.linkLabel ? `<a class="fv-button" href="${href}">${escapeHtml(slide.linkLabel)}</a>` : '';
  return `<section class="fv-hero"><div class="fv-slide"><div class="fv-text">${eyebrow}<h2 class="fv-title">${escapeHtml(slide.heading)}</h2>${lead}${button}</div><div class="fv-hero-media">${photo(image, HERO_IMAGE_SIZES, true)}</div></div></section>`;
}

function shopView(products: FirstViewProduct[], page: Page): string {
  const cards = products
    .slice(0, SHOP_CARDS)
    .map((p, i) => {
      const href = page.href(`/${encodeURIComponent(p.slug)}`);
      const badge = isNewProduct(p) ? `<span class="fv-badge">${page.text('card.new')}</span>` : '';
      return `<li class="fv-card"><a class="fv-media" href="${href}" tabindex="-1">${photo(p.imageUrls[0], CARD_IMAGE_SIZES, i < 2)}${badge}</a><h3><a href="${href}">${escapeHtml(p.title)}</a></h3></li>`;
    })
    .join('');
  return `<div class="fv-shop"><div class="fv-sidebar"></div><div><div class="fv-toolbar"></div><ul class="fv-grid">${cards}</ul></div></div>`;
}

function productView(product: FirstViewProduct, page: Page): string {
  const badge = isNewProduct(product) ? `<span class="fv-badge">${page.text('card.new')}</span>` : '';
  return `<div class="fv-page"><div class="fv-top"><div class="fv-stage">${photo(product.imageUrls[0], GALLERY_IMAGE_SIZES, true)}</div><div class="fv-summary">${badge}<h1>${escapeHtml(product.title)}</h1></div></div></div>`;
}

/**
 * The first view of one of the catalogue's pages (`module` as the route table names it, at pagePath with
 * the query string `search`), wrapped in
 * #first-view with its style, or null when the page has none (or nothing to show yet).
 */
export const renderFirstView: RenderFirstView = async (module, pagePath, search, data) => {
  let body: string | null = null;
  const page = pageIn(data.locale);
  if (module === 'HomePage') {
    const [products, content] = await Promise.all([data.newest(NEWEST_PRODUCTS), data.content ? data.content() : null]);
    body = homeView(products, content, page);
  }
  else if (module === 'ShopPage') {
    // A search, a filter or a later page shows other products than the newest: no first view.
    if (search.replace(/^\?/, '')) return null;
    const products = await data.newest(SHOP_CARDS);
    body = products.length ? shopView(products, page) : null;
  } else if (module === 'ProductPage') {
    let slug: string;
    try {
      slug = decodeURIComponent(pagePath.replace(/^\/+|\/+$/g, ''));
    } catch {
      return null;
    }
    const product = isSlug(slug) ? await data.product(slug) : null;
    body = product ? productView(product, page) : null;
  }
  return body && `<div id="${FIRST_VIEW_ID}"><style>${FIRST_VIEW_STYLE}</style>${body}</div>`;
};
