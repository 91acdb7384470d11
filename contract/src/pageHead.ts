import { DEFAULT_LOCALE, type Locale } from './locales';
import type { Product } from './wire';

// A page's head: its <title> and meta description, and whether search engines may list it. The server
// writes it into the page's HTML (api/src/web/pageHead.ts) and the browser sets it as the visitor moves
// from page to page (useDocumentTitle in @shop/shared), both from here, so the two never differ.

export const SHOP_NAME = 'Aurelia Jewels';
/** A page without a description of its own has the shop's (index.html's meta description is the same). */
export const SHOP_DESCRIPTION = 'Aurelia Jewels: fine rings, necklaces, earrings and bracelets, crafted to be worn every day.';
/** The shop's description in each language (issue 37). */
export const SHOP_DESCRIPTIONS: Record<Locale, string> = {
  en: SHOP_DESCRIPTION,
  fr: 'Aurelia Jewels : bagues, colliers, boucles d’oreilles et bracelets de joaillerie, façonnés pour être portés chaque jour.',
};
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
  PolicyPage: { title: 'Shop policies', description: 'How Aurelia Jewels delivers your order and keeps your shopping secure.' },
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
  'checkout/OrderStatusPage': { title: 'Your order', description: 'Your order at Aurelia Jewels, through its private link.', noindex: true },
  'checkout/FindOrderPage': { title: 'Find my order', description: 'Get the link to your Aurelia Jewels order by e-mail.', noindex: true },
} as const satisfies Record<string, PageHead>;
export type PageHeadOf = keyof typeof PAGE_HEADS;

/** The pages' heads in French (issue 37: /fr/… pages), as a French jewelry house would name them. */
const PAGE_HEADS_FR: Record<PageHeadOf | 'notFound', PageHead> = {
  'catalog/HomePage': { title: 'Haute joaillerie', description: 'Aurelia Jewels : bagues, colliers, boucles d’oreilles et bracelets en or et en argent, finis à la main, au prix affiché dans votre devise.' },
  'catalog/ShopPage': { title: 'Boutique', description: 'Découvrez nos bijoux : bagues, colliers, boucles d’oreilles et bracelets en or et en argent.' },
  'catalog/AboutPage': { title: 'Notre maison', description: 'L’histoire d’Aurelia Jewels : un petit atelier qui façonne à la main des bijoux en or recyclé et en pierres d’origine responsable.' },
  'catalog/ContactPage': { title: 'Nous contacter', description: 'Venez à l’atelier Aurelia Jewels à Paris ou écrivez-nous : horaires, adresse et formulaire de contact.' },
  PrivacyPage: { title: 'Politique de confidentialité', description: 'Comment Aurelia Jewels utilise vos données : commandes, adresses enregistrées et paiements. Nous ne les vendons jamais.' },
  PolicyPage: { title: 'Nos engagements', description: 'Comment Aurelia Jewels livre votre commande et protège vos achats.' },
  'account/LoginPage': { title: 'Connexion', description: 'Connectez-vous à votre compte Aurelia Jewels.' },
  'account/RegisterPage': { title: 'Créer un compte', description: 'Créez votre compte Aurelia Jewels.' },
  'account/ForgotPasswordPage': { title: 'Mot de passe oublié', description: 'Recevez un lien pour réinitialiser votre mot de passe Aurelia Jewels.', noindex: true },
  'account/ResetPasswordPage': { title: 'Nouveau mot de passe', description: 'Choisissez un nouveau mot de passe pour votre compte Aurelia Jewels.', noindex: true },
  'account/OrdersPage': { title: 'Mes commandes', description: 'Vos commandes chez Aurelia Jewels : suivi, détails et annulation des commandes en attente.' },
  'account/AddressesPage': { title: 'Mes adresses', description: 'Vos adresses enregistrées chez Aurelia Jewels, proposées par défaut à la commande.' },
  'account/ProfilePage': { title: 'Mon profil', description: 'Votre nom, votre numéro de téléphone et votre mot de passe chez Aurelia Jewels.' },
  'checkout/CartPage': { title: 'Panier', description: 'Votre panier chez Aurelia Jewels.', noindex: true },
  'checkout/CheckoutPage': { title: 'Commande', description: 'Vérifiez votre commande et choisissez votre moyen de paiement.', noindex: true },
  'checkout/OrderConfirmationPage': { title: 'Confirmation de commande', description: 'Votre commande chez Aurelia Jewels : son numéro, ses articles et la suite.', noindex: true },
  'checkout/WishlistPage': { title: 'Liste d’envies', description: 'Les bijoux que vous avez mis de côté chez Aurelia Jewels.', noindex: true },
  'checkout/OrderStatusPage': { title: 'Votre commande', description: 'Votre commande chez Aurelia Jewels, par son lien privé.', noindex: true },
  'checkout/FindOrderPage': { title: 'Retrouver ma commande', description: 'Recevez par e-mail le lien de votre commande Aurelia Jewels.', noindex: true },
  notFound: { title: 'Page introuvable', noindex: true },
};
const HEADS_IN: Partial<Record<Locale, Record<PageHeadOf | 'notFound', PageHead>>> = { fr: PAGE_HEADS_FR };
const HEAD_KEYS = new Map<PageHead, PageHeadOf | 'notFound'>([...Object.entries(PAGE_HEADS).map(([k, h]) => [h, k as PageHeadOf] as const), [NOT_FOUND_HEAD, 'notFound']]);

/**
 * A head in a locale: a page's own (PAGE_HEADS, NOT_FOUND_HEAD) becomes its translation; any other (a
 * product's, a search's) is already in it. Both the server and useDocumentTitle read heads through this.
 */
export const headIn = (head: PageHead, locale: Locale = DEFAULT_LOCALE): PageHead => {
  const key = HEAD_KEYS.get(head);
  return (key && HEADS_IN[locale]?.[key]) || head;
};

/** Text as a description: one line, at most DESCRIPTION_LENGTH characters (cut at a word, with an ellipsis); '' when it has none. */
export function summary(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_LENGTH) return line;
  const cut = line.slice(0, DESCRIPTION_LENGTH - 1);
  const word = cut.lastIndexOf(' ');
  return `${(word > DESCRIPTION_LENGTH / 2 ? cut.slice(0, word) : cut).trimEnd()}…`;
}

/** /shop's head: a search names its keyword (the URL's `que`, trimmed as the shop reads it). */
export const shopHead = (keyword?: string | null, locale: Locale = DEFAULT_LOCALE): PageHead => {
  const que = keyword?.trim();
  const shop = headIn(PAGE_HEADS['catalog/ShopPage'], locale);
  return que ? { ...shop, title: locale === 'fr' ? `Boutique : « ${que} »` : `Shop: “${que}”` } : shop;
};

/** A product page's head: the product's title, and its description (the shop's when it has none). */
export const productHead = (product: Pick<Product, 'title' | 'description'>, locale: Locale = DEFAULT_LOCALE): PageHead => ({
  title: product.title,
  description: summary(product.description ?? '') || SHOP_DESCRIPTIONS[locale],
});
