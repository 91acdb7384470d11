import type { Product } from './wire';

// A page's head: its <title> and meta description, and whether search engines may list it. The server
// writes it into the page's HTML (api/src/web/pageHead.ts) and the browser sets it as the visitor moves
// from page to page (useDocumentTitle in @shop/shared), both from here, so the two never differ.

export const SHOP_NAME = 'Aurelia Jewels';
/** A page without a description of its own has the shop's (index.html's meta description is the same). */
export const SHOP_DESCRIPTION = 'Aurelia Jewels: fine rings, necklaces, earrings and bracelets, crafted to be worn every day.';
/** Search engines show about this many characters of a description: a longer one is cut at a word. */
export const DESCRIPTION_LENGTH = 155;

export interface PageHead {
  /** The page's name: its <title> is pageTitle(title). */
  title: string;
  /** Without one, SHOP_DESCRIPTION. */
  description?: string;
  /** A public page that is the visitor's own or a step of a form (cart, password reset): not for search engines to list. */
  noindex?: boolean;
}

/** The <title> of a page named `name` ('Emerald Cut Halo Pendant — Aurelia Jewels'); the shop's name alone without one. */
export const pageTitle = (name?: string): string => (name ? `${name} — ${SHOP_NAME}` : SHOP_NAME);

/** SPEC §2's 404 page (an unknown path, an unknown or deleted product). */
export const NOT_FOUND_HEAD: PageHead = { title: 'Page not found', noindex: true };

/** Each page's head by its route: ShopRoute.remote, or the shell's own page (routes.ts). The product page's is productHead. */
export const PAGE_HEADS = {
  'catalog/HomePage': { title: 'Fine jewelry', description: 'Aurelia Jewels: hand-finished rings, necklaces, earrings and bracelets in gold and silver, priced in your currency.' },
  'catalog/ShopPage': { title: 'Shop', description: 'Browse fine jewelry: rings, necklaces, earrings and bracelets in gold and silver.' },
  'catalog/AboutPage': { title: 'About us', description: 'The story of Aurelia Jewels: a small atelier making fine jewelry by hand from recycled gold and ethically sourced stones.' },
  'catalog/ContactPage': { title: 'Contact us', description: 'Visit the Aurelia Jewels atelier in Paris or write to us: opening hours, address and contact form.' },
  PrivacyPage: { title: 'Privacy Policy', description: 'How Aurelia Jewels uses your details: orders, saved addresses and wallet payments. We never sell them.' },
  'account/LoginPage': { title: 'Login', description: 'Sign in to your Aurelia Jewels account.' },
  'account/RegisterPage': { title: 'Register', description: 'Create your Aurelia Jewels account.' },
  'account/ForgotPasswordPage': { title: 'Forgot password', description: 'Ask for a link to reset your Aurelia Jewels password.', noindex: true },
  'account/ResetPasswordPage': { title: 'Reset password', description: 'Choose a new password for your Aurelia Jewels account.', noindex: true },
  'account/OrdersPage': { title: 'My Orders', description: 'Your orders at Aurelia Jewels: status, details and cancellation of pending orders.' },
  'account/AddressesPage': { title: 'My Addresses', description: 'Your saved addresses at Aurelia Jewels, used at checkout by default.' },
  'account/ProfilePage': { title: 'My Profile', description: 'Your name, contact number and password at Aurelia Jewels.' },
  'checkout/CartPage': { title: 'Cart', description: 'Your shopping cart at Aurelia Jewels.', noindex: true },
  'checkout/CheckoutPage': { title: 'Checkout', description: 'Review your order and choose how to pay.', noindex: true },
  'checkout/OrderConfirmationPage': { title: 'Order confirmation', description: 'Your order at Aurelia Jewels: its number, items and what happens next.', noindex: true },
  'checkout/WishlistPage': { title: 'Wishlist', description: 'The pieces you saved at Aurelia Jewels.', noindex: true },
} as const satisfies Record<string, PageHead>;
export type PageHeadOf = keyof typeof PAGE_HEADS;

/** Text as a description: one line, at most DESCRIPTION_LENGTH characters (cut at a word, with an ellipsis); '' when it has none. */
export function summary(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_LENGTH) return line;
  const cut = line.slice(0, DESCRIPTION_LENGTH - 1);
  const word = cut.lastIndexOf(' ');
  return `${(word > DESCRIPTION_LENGTH / 2 ? cut.slice(0, word) : cut).trimEnd()}…`;
}

/** /shop's head: a search names its keyword (the URL's `que`, trimmed as the shop reads it). */
export const shopHead = (keyword?: string | null): PageHead => {
  const que = keyword?.trim();
  return que ? { ...PAGE_HEADS['catalog/ShopPage'], title: `Shop: “${que}”` } : PAGE_HEADS['catalog/ShopPage'];
};

/** A product page's head: the product's title, and its description (the shop's when it has none). */
export const productHead = (product: Pick<Product, 'title' | 'description'>): PageHead => ({
  title: product.title,
  description: summary(product.description ?? '') || SHOP_DESCRIPTION,
});
