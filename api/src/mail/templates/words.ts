import { DEFAULT_LOCALE, type Locale } from '@shop/contract';

// The e-mails' words in each language the shop has (issue 37). Translated: the frame, the order
// confirmation and the welcome; the other e-mails (order status, password reset, sign-in attempts,
// contact) are written in English whatever the customer's language, until they are added here.

const en = {
  locale: DEFAULT_LOCALE as Locale,
  /** <html lang>: the language a screen reader reads the e-mail in. */
  lang: 'en',
  dates: 'en-US',
  /** A label's colon, as the language sets it ('Total: ', in French 'Total : ' with a no-break space). */
  colon: ': ',
  questions: 'Questions? Write to us at',
  order: (number: string) => `Order ${number}`,
  quantity: 'Quantity',
  subtotal: 'Subtotal',
  discount: 'Discount',
  coupon: (code: string) => `Coupon ${code}`,
  total: 'Total',
  shippingAddress: 'Shipping address',
  paymentMethod: 'Payment method',
  viewOrders: 'View your orders',
  yourOrders: 'Your orders',
  confirmation: {
    subject: (shop: string, number: string) => `Your ${shop} order ${number}`,
    thanks: (name: string) => (name ? `Thank you, ${name}.` : 'Thank you.'),
    received: (placed: string) => `We have received your order${placed ? ` of ${placed}` : ''} and will let you know as soon as it ships.`,
  },
  welcome: {
    subject: (shop: string) => `Welcome to ${shop}`,
    greeting: (name: string) => (name ? `Welcome, ${name}` : 'Welcome'),
    intro: (shop: string) =>
      `Your ${shop} account is ready. Keep pieces you love in your wishlist, check out with your saved addresses, and follow every order from your account.`,
    discover: 'Discover the collection',
  },
};
export type Words = typeof en;

// Written as a French jeweller writes to a client: "vous", the usual e-commerce words, no calque.
const fr: Words = {
  locale: 'fr',
  lang: 'fr',
  dates: 'fr-FR',
  colon: '\u00a0: ',
  questions: 'Une question ? Écrivez-nous à',
  order: (number) => `Commande ${number}`,
  quantity: 'Quantité',
  subtotal: 'Sous-total',
  discount: 'Remise',
  coupon: (code) => `Code promo ${code}`,
  total: 'Total',
  shippingAddress: 'Adresse de livraison',
  paymentMethod: 'Mode de paiement',
  viewOrders: 'Voir mes commandes',
  yourOrders: 'Vos commandes',
  confirmation: {
    subject: (shop, number) => `Votre commande ${shop} ${number}`,
    thanks: (name) => (name ? `Merci, ${name}.` : 'Merci.'),
    received: (placed) => `Nous avons bien reçu votre commande${placed ? ` du ${placed}` : ''} et vous préviendrons dès son expédition.`,
  },
  welcome: {
    subject: (shop) => `Bienvenue chez ${shop}`,
    greeting: (name) => (name ? `Bienvenue, ${name}` : 'Bienvenue'),
    intro: (shop) =>
      `Votre compte ${shop} est prêt. Gardez vos coups de cœur dans votre liste d'envies, réglez vos achats avec vos adresses enregistrées et suivez chaque commande depuis votre compte.`,
    discover: 'Découvrir la collection',
  },
};

const WORDS: Record<Locale, Words> = { en, fr };
/** The e-mails' words in a locale (English for anything else: an older message without one). */
export const wordsFor = (locale: Locale | undefined): Words => WORDS[locale ?? DEFAULT_LOCALE] ?? en;
/** A path of the shop in the locale (the shell serves French under /fr). */
export const localePath = (locale: Locale | undefined, path: string) => (locale && locale !== DEFAULT_LOCALE ? `/${locale}${path}` : path);
