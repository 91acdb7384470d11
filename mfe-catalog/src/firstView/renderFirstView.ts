import { HERO_SLIDES } from '../home/content';
import { CARD_IMAGE_SIZES, GALLERY_IMAGE_SIZES, HERO_IMAGE_SIZES } from '../products/imageSizes';
import { isNewProduct } from '../products/newBadge';
import { PAGE_SIZE } from '../shop/shopQuery';
import { FIRST_VIEW_STYLE } from './firstViewStyle';

// The catalogue's first view: what the top of the home, the shop and a product page show, as plain
// HTML the server sends with the page (api/src/static/firstView.ts). The browser paints it, photo
// included, before any script runs; the shell keeps it on screen until the page's own render has the
// same content (shared/src/firstView.tsx), so the visitor sees the page ~2 s sooner on a phone.
// Built for Node as dist-server/firstView.js (webpack.config.js). Prices are left out: they depend on
// the visitor's currency, which only the browser knows.

/** What the first view needs of a product (a subset of the API's product). */
export interface FirstViewProduct {
  title: string;
  slug: string;
  imageUrls: string[];
  /** For the New badge (optional: a server without it shows none). */
  tags?: string[];
}

/** How the server gives the first view its products. */
export interface FirstViewData {
  /** The newest products, newest first (the home's Top Trend, the shop's default order). */
  newest(limit: number): Promise<FirstViewProduct[]>;
  /** The product with this slug, or null. */
  product(slug: string): Promise<FirstViewProduct | null>;
}

/** The cards the shop's first view shows: its first rows on any screen. */
const SHOP_CARDS = Math.min(8, PAGE_SIZE);
/** The home's hero shows the first photo among the 12 newest (useTopTrend, HomePage). */
const TOP_TREND = 12;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** An uploaded photo as an <img> with the same copies and `sizes` as the page's own (@shop/shared imageSrcSet). */
function photo(path: string | undefined, sizes: string, eager: boolean): string {
  if (!path || !/^\/?uploads\/[\w./-]+$/.test(path) || path.includes('..')) return '';
  const url = escapeHtml(`/${path.replace(/^\/+/, '')}`);
  const srcset = `${url}?w=320 320w, ${url}?w=480 480w, ${url} 600w`;
  const priority = eager ? ' fetchpriority="high"' : ' loading="lazy"';
  return `<img src="${url}?w=480" srcset="${srcset}" sizes="${sizes}" alt="" width="600" height="778"${priority}>`;
}

function homeView(products: FirstViewProduct[]): string {
  const slide = HERO_SLIDES[0];
  const image = products.map((p) => p.imageUrls[0]).find(Boolean);
  return `<section class="fv-hero"><div class="fv-slide"><div class="fv-text"><p class="fv-eyebrow">${escapeHtml(slide.eyebrow)}</p><h2 class="fv-title">${escapeHtml(
    slide.title,
  )}</h2><p class="fv-lead">${escapeHtml(slide.text)}</p><a class="fv-button" href="/shop">Shop now</a></div><div class="fv-hero-media">${photo(image, HERO_IMAGE_SIZES, true)}</div></div></section>`;
}

function shopView(products: FirstViewProduct[]): string {
  const cards = products
    .slice(0, SHOP_CARDS)
    .map((p, i) => {
      const href = `/${encodeURIComponent(p.slug)}`;
      const badge = isNewProduct(p) ? '<span class="fv-badge">New</span>' : '';
      return `<li class="fv-card"><a class="fv-media" href="${href}" tabindex="-1">${photo(p.imageUrls[0], CARD_IMAGE_SIZES, i < 2)}${badge}</a><h3><a href="${href}">${escapeHtml(p.title)}</a></h3></li>`;
    })
    .join('');
  return `<div class="fv-shop"><div class="fv-sidebar"></div><div><div class="fv-toolbar"></div><ul class="fv-grid">${cards}</ul></div></div>`;
}

function productView(product: FirstViewProduct): string {
  const badge = isNewProduct(product) ? '<span class="fv-badge">New</span>' : '';
  return `<div class="fv-page"><div class="fv-top"><div class="fv-stage">${photo(product.imageUrls[0], GALLERY_IMAGE_SIZES, true)}</div><div class="fv-summary">${badge}<h1>${escapeHtml(product.title)}</h1></div></div></div>`;
}

/**
 * The first view of one of the catalogue's pages (`module` as the route table names it, at pagePath with
 * the query string `search`), wrapped in
 * #first-view with its style, or null when the page has none (or nothing to show yet).
 */
export async function renderFirstView(module: string, pagePath: string, search: string, data: FirstViewData): Promise<string | null> {
  let body: string | null = null;
  if (module === 'HomePage') body = homeView(await data.newest(TOP_TREND));
  else if (module === 'ShopPage') {
    // A search, a filter or a later page shows other products than the newest: no first view.
    if (search.replace(/^\?/, '')) return null;
    const products = await data.newest(SHOP_CARDS);
    body = products.length ? shopView(products) : null;
  } else if (module === 'ProductPage') {
    let slug: string;
    try {
      slug = decodeURIComponent(pagePath.replace(/^\/+|\/+$/g, ''));
    } catch {
      return null;
    }
    const product = /^[A-Za-z0-9-]{1,300}$/.test(slug) ? await data.product(slug) : null;
    body = product ? productView(product) : null;
  }
  return body && `<div id="first-view"><style>${FIRST_VIEW_STYLE}</style>${body}</div>`;
}
