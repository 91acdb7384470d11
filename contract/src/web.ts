// What the server that sends the shop's page (api/src/web) and the browser agree on: the elements the
// server writes into index.html and the shell looks for, the first view's data and its rules (shared
// by the page the browser renders and the HTML the catalog remote renders for the server), and the
// copies of an uploaded photo a page asks for. Each written once, here.
import { DEFAULT_LOCALE, type Locale } from './locales';

/** The element the first view's HTML comes in (the catalog remote's renderer writes it; the shell takes it over). */
export const FIRST_VIEW_ID = 'first-view';
/** The inert <template> inside #root of the shell's index.html that the server replaces with the first view. */
export const FIRST_VIEW_SLOT_ID = 'first-view-slot';
/** The inert <template> the server holds a page's preloads in until its photo is painted (photo first); main.js releases them. */
export const DEFERRED_PRELOADS_ID = 'after-first-view';
/**
 * The attribute that marks the first view's lead photo (its largest contentful paint): the renderer writes
 * it on that <img>, and a first view that has it gets photo first (the server holds the scripts back).
 */
export const LEAD_PHOTO_ATTRIBUTE = 'fetchpriority="high"';

/** SPEC §3: the home's "Top Trend" shows the newest products, this many; its hero (and its preloaded photo) is the first photo among them. */
export const NEWEST_PRODUCTS = 12;

/** A product's slug as a page address may name one (made from the title: letters, digits, dashes). */
export const SLUG_PATTERN = /^[A-Za-z0-9-]{1,300}$/;
export const isSlug = (text: string): boolean => SLUG_PATTERN.test(text);

/** SPEC §3: a tag equal to 'new' (ignoring case and spaces around it) gives the New badge. */
export const isNewProduct = (product: { tags?: string[] | null }): boolean => (product.tags ?? []).some((tag) => tag.trim().toLowerCase() === 'new');

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text as HTML text or a quoted attribute value: never markup. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** What the first view shows of a product. */
export interface FirstViewProduct {
  title: string;
  slug: string;
  /** The photos its page shows first: for a product page, those of the options chosen by default (photosOf, issue 22). */
  imageUrls: string[];
  /** For the New badge (optional: a server without it shows none). */
  tags?: string[];
}

/**
 * The first word of the breadcrumb band the server writes above a first view (api/src/web/firstView.ts
 * bootBand) per locale: the shell's own 'breadcrumb.home' (shell/src/messages/messages.test.ts holds them equal).
 */
export const BAND_HOME: Record<Locale, string> = { en: 'Home', fr: 'Accueil' };

/**
 * The storefront's path segments in French, for the breadcrumb band (issue 37): the shell's
 * (shell/src/layout/Breadcrumb.tsx) and the one the server writes above a first view (api/src/web/firstView.ts).
 */
const BAND_WORDS_FR: Record<string, string> = {
  shop: 'Boutique',
  about: 'Notre maison',
  contact: 'Nous contacter',
  login: 'Connexion',
  register: 'Créer un compte',
  'forgot-password': 'Mot de passe oublié',
  'reset-password': 'Nouveau mot de passe',
  'my-account': 'Mon compte',
  orders: 'Commandes',
  addresses: 'Adresses',
  profile: 'Profil',
  cart: 'Panier',
  checkout: 'Commande',
  wishlist: 'Liste d’envies',
  'privacy-policy': 'Politique de confidentialité',
  'privacy-&-policy': 'Politique de confidentialité',
  'order-confirmation': 'Confirmation de commande',
  // Issue 40: a guest's order link and the page that e-mails it again.
  'order-status': 'Votre commande',
  'find-my-order': 'Retrouver ma commande',
  // Issue 38 (17): the policy pages (/pages/<slug>).
  pages: 'Informations',
  'shipping-returns': 'Livraison et retours',
  'secure-shopping': 'Paiement sécurisé',
};
/**
 * English names where SPEC §2's default title (the segment, dashes as spaces) drops a word the page's
 * own heading has: /pages/shipping-returns is "Shipping & Returns" (issue 38), not "Shipping Returns".
 */
const BAND_WORDS_EN: Record<string, string> = {
  'shipping-returns': 'Shipping & Returns',
};
/** The band's words per locale; a segment without a name there writes its own words. */
const BAND_WORDS: Partial<Record<Locale, Record<string, string>>> = { en: BAND_WORDS_EN, fr: BAND_WORDS_FR };

/**
 * A path segment's words in the band. English: SPEC §2's default, the segment with dashes as spaces (the
 * band's CSS capitalizes each word), or the page's name where the segment drops a word. French: the
 * page's French name, or for a segment without one (a product's slug) its words with the first one
 * capitalized, as French writes a title (the band keeps French as written).
 */
export function bandTitle(segment: string, locale: Locale = DEFAULT_LOCALE): string {
  const named = BAND_WORDS[locale]?.[segment];
  if (named) return named;
  const words = decodeURIComponent(segment).replace(/-/g, ' ');
  return locale === DEFAULT_LOCALE ? words : words.charAt(0).toUpperCase() + words.slice(1);
}

/** How the server gives the first view its products. */
export interface FirstViewData {
  /** The page's language (issue 37: /fr/… is French): its texts and links; the default when left out. */
  locale?: Locale;
  /** The newest products, newest first (the home's Top Trend, the shop's default order). */
  newest(limit: number): Promise<FirstViewProduct[]>;
  /** The product with this slug, or null. */
  product(slug: string): Promise<FirstViewProduct | null>;
  /** The storefront's own words in the page's language (issue 38, 17: the home's first slide), or null; absent where the server has none to give. */
  content?(): Promise<FirstViewContent | null>;
}

/** What a first view shows of the storefront's content: the home's slides, as GET /api/content answers them. */
export interface FirstViewContent {
  slides: Array<{ image: string; eyebrow: string; heading: string; text: string; linkLabel: string; link: string }>;
}

/**
 * A remote's first-view renderer (built for Node beside its dist/, as dist-server/firstView.js, exporting
 * `renderFirstView`): the first view of the page `module` (as the route table names it) at pagePath with
 * the query string `search`, as HTML in #first-view, or null when the page has none.
 */
export type RenderFirstView = (module: string, pagePath: string, search: string, data: FirstViewData) => Promise<string | null>;

/** The first photo among products (the home's hero), or undefined. */
export const firstPhoto = (products: { imageUrls: string[] }[]): string | undefined => products.map((p) => p.imageUrls[0]).find(Boolean);

/** Widths the API serves an uploaded photo at (`/uploads/x.jpg?w=320`); the originals are 600 wide. */
export const IMAGE_WIDTHS = [160, 320, 480] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
/** The demo's (and the admin's resized) originals' width: what a photo's URL without `?w=` is. */
export const ORIGINAL_IMAGE_WIDTH = 600;
/** The copy a page's <img src> (and the server's preload of it) asks for. */
export const PHOTO_SRC_WIDTH: ImageWidth = 480;
/** The copies a page's photo offers in its srcset, besides the original. */
const SRCSET_WIDTHS: ImageWidth[] = [320, 480];

/**
 * A photo's srcset, from its URL at a width (no width: the original). The same candidates everywhere (the
 * page's <img>, the first view's, the server's preload), so the browser fetches one copy, never two.
 */
export const photoSrcSet = (urlAt: (width?: ImageWidth) => string): string =>
  [...SRCSET_WIDTHS.map((w) => `${urlAt(w)} ${w}w`), `${urlAt()} ${ORIGINAL_IMAGE_WIDTH}w`].join(', ');

/** An uploaded photo's URL at a width (`?w=`), or the original's. */
export const uploadAt = (url: string, width?: ImageWidth): string => (width ? `${url}?w=${width}` : url);

/** An uploads path from the catalogue (`uploads/x.jpg` or `/uploads/x.jpg`) as a same-origin URL, or null when it is anything else. */
export function uploadUrl(path: string | null | undefined): string | null {
  if (!path || !/^\/?uploads\/[\w./-]+$/.test(path) || path.includes('..')) return null;
  return `/${path.replace(/^\/+/, '')}`;
}
