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
  /** Issue 39: shipping by its method, tax added per rate, or the tax the prices include. */
  shipping: (method: string) => `Shipping (${method})`,
  taxAdded: (rate: string) => `Tax ${rate}%`,
  taxIncluded: (rate: string) => `Including VAT ${rate}%`,
  percent: (rate: number) => String(rate),
  total: 'Total',
  shippingAddress: 'Shipping address',
  paymentMethod: 'Payment method',
  viewOrders: 'View your orders',
  viewThisOrder: 'See your order',
  orderLinkNote: 'This private link shows your order, lets you cancel it while it is pending and download its invoice. Keep it to yourself.',
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
  backInStock: {
    subject: (title: string) => `${title} is back`,
    heading: (title: string) => `${title} is back in stock`,
    intro: (what: string) => `You asked us to tell you when ${what} could be ordered again: it can, while pieces last.`,
    see: 'See the piece',
    why: 'We send this e-mail once, because you asked for it on the piece\'s page.',
    stop: 'No more back-in-stock e-mails to this address:',
    stopLink: 'unsubscribe',
  },
  cardRefunded: {
    subject: (shop: string) => `Your ${shop} card payment has been refunded`,
    heading: 'Your payment has been refunded',
    intro: (name: string, amount: string) => `${name ? `${name}, w` : 'W'}e received your card payment of ${amount}, but could not turn it into an order:`,
    refunded: 'We have refunded it in full to your card; your bank shows it within a few days. Nothing else is needed from you.',
    shop: 'Back to the shop',
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
  shipping: (method) => `Livraison (${method})`,
  taxAdded: (rate) => `Taxes ${rate}\u00a0%`,
  taxIncluded: (rate) => `Dont TVA ${rate}\u00a0%`,
  percent: (rate) => String(rate).replace('.', ','),
  total: 'Total',
  shippingAddress: 'Adresse de livraison',
  paymentMethod: 'Mode de paiement',
  viewOrders: 'Voir mes commandes',
  viewThisOrder: 'Voir ma commande',
  orderLinkNote: 'Ce lien privé montre votre commande, permet de l’annuler tant qu’elle est en attente et de télécharger sa facture. Gardez-le pour vous.',
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
  backInStock: {
    subject: (title) => `${title} est de retour`,
    heading: (title) => `${title} est de nouveau disponible`,
    intro: (what) => `Vous nous aviez demandé de vous prévenir du retour de ${what} : c'est chose faite, dans la limite des pièces disponibles.`,
    see: 'Voir le bijou',
    why: 'Nous vous envoyons ce message une seule fois, à votre demande depuis la page du bijou.',
    stop: 'Ne plus recevoir d\'alertes de retour en stock à cette adresse :',
    stopLink: 'se désabonner',
  },
  cardRefunded: {
    subject: (shop) => `Votre paiement par carte chez ${shop} a été remboursé`,
    heading: 'Votre paiement a été remboursé',
    intro: (name, amount) => `${name ? `${name}, n` : 'N'}ous avons bien reçu votre paiement par carte de ${amount}, mais n'avons pas pu en faire une commande :`,
    refunded: 'Nous vous l\'avons remboursé intégralement sur votre carte ; votre banque l\'affichera sous quelques jours. Vous n\'avez rien d\'autre à faire.',
    shop: 'Retour à la boutique',
  },
};

const WORDS: Record<Locale, Words> = { en, fr };
/** The e-mails' words in a locale (English for anything else: an older message without one). */
export const wordsFor = (locale: Locale | undefined): Words => WORDS[locale ?? DEFAULT_LOCALE] ?? en;
/** A path of the shop in the locale (the shell serves French under /fr). */
export const localePath = (locale: Locale | undefined, path: string) => (locale && locale !== DEFAULT_LOCALE ? `/${locale}${path}` : path);
