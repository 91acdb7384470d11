// Issue 38 (17): the shop's first words, shown until the owner writes their own in the back office's
// Content page (a section without its row in storefront_content, a policy page without its row in
// content_pages). They promise nothing a shop may not keep: no discount, no code, no engraving, no free
// delivery (the demo's seed writes its own banners, each backed by the discount or coupon it seeds:
// seed/demo.ts). Social accounts start empty, so their icons are hidden until the owner gives their pages.
import { type ContentFooter, type ContentHome, type ContentPageInput, type PolicyPage, policyPagePath, ROUTE_PATHS, shopSearchPath } from '@shop/contract';

export const DEFAULT_HOME: ContentHome = {
  slides: [
    {
      image: '',
      eyebrow: 'New collection',
      heading: 'Timeless gold, made for every day',
      text: 'Hand-finished rings, pendants and hoops in gold and sterling silver, designed to be worn and loved for decades.',
      linkLabel: 'Shop now',
      link: ROUTE_PATHS.shop,
      translations: {
        fr: {
          eyebrow: 'Nouvelle collection',
          heading: "L'or intemporel, à porter chaque jour",
          text: 'Bagues, pendentifs et créoles finis à la main, en or et argent massif, pensés pour être portés et aimés des décennies durant.',
          linkLabel: 'Découvrir',
        },
      },
    },
    {
      image: '',
      eyebrow: 'The bridal edit',
      heading: 'A ring as lasting as the promise',
      text: 'Solitaires, eternity bands and stacking rings, each set by hand, in the size you choose.',
      linkLabel: 'Shop rings',
      link: shopSearchPath('ring'),
      translations: {
        fr: {
          eyebrow: 'La sélection mariage',
          heading: 'Une bague aussi durable que la promesse',
          text: 'Solitaires, alliances tour complet et bagues à empiler, chacun serti à la main, à la taille que vous choisissez.',
          linkLabel: 'Voir les bagues',
        },
      },
    },
    {
      image: '',
      eyebrow: 'Gifts to keep forever',
      heading: 'A gift chosen in minutes',
      text: 'Prices in your own currency, and delivery to the address of your choice: theirs, or yours.',
      linkLabel: 'Find a gift',
      link: ROUTE_PATHS.shop,
      translations: {
        fr: {
          eyebrow: 'Des cadeaux pour toujours',
          heading: 'Un cadeau choisi en quelques minutes',
          text: "Des prix dans votre devise, et une livraison à l'adresse de votre choix : la sienne, ou la vôtre.",
          linkLabel: 'Trouver un cadeau',
        },
      },
    },
  ],
  banners: [
    {
      image: '',
      eyebrow: 'Made for layering',
      heading: 'Necklaces & pendants',
      text: 'Fine chains and delicate pendants to wear alone or together.',
      code: '',
      linkLabel: 'Discover',
      link: shopSearchPath('necklace or pendant'),
      translations: { fr: { eyebrow: 'À superposer', heading: 'Colliers et pendentifs', text: 'Chaînes fines et pendentifs délicats, à porter seuls ou ensemble.', linkLabel: 'Découvrir' } },
    },
  ],
};

export const DEFAULT_FOOTER: ContentFooter = {
  customer: [
    { label: 'Shipping & Returns', url: policyPagePath('shipping-returns'), translations: { fr: { label: 'Livraison et retours' } } },
    { label: 'Secure Shopping', url: policyPagePath('secure-shopping'), translations: { fr: { label: 'Paiement sécurisé' } } },
  ],
  information: [
    { label: 'Privacy Policy', url: policyPagePath('privacy-policy'), translations: { fr: { label: 'Politique de confidentialité' } } },
    { label: 'Customer Service', url: ROUTE_PATHS.contact, translations: { fr: { label: 'Service client' } } },
  ],
  social: { instagram: '', facebook: '', pinterest: '' },
};

export const DEFAULT_PAGES: Record<PolicyPage, ContentPageInput> = {
  'shipping-returns': {
    title: 'Shipping & Returns',
    body: [
      'The delivery options for your address, their prices and how long each takes are shown at checkout, before you pay. Where an option is free above an order value, checkout says so.',
      'You can cancel an order yourself from My orders while it is still pending. Once it has shipped, write to us from the contact page and we will answer you.',
    ].join('\n\n'),
    translations: {
      fr: {
        title: 'Livraison et retours',
        body: [
          'Les modes de livraison proposés pour votre adresse, leur prix et leur délai sont affichés lors de la commande, avant le paiement. Lorsqu’un mode est offert au-delà d’un montant, la commande l’indique.',
          'Vous pouvez annuler vous-même une commande depuis Mes commandes tant qu’elle est en attente. Une fois expédiée, écrivez-nous depuis la page contact et nous vous répondrons.',
        ].join('\n\n'),
      },
    },
  },
  'secure-shopping': {
    title: 'Secure Shopping',
    body: [
      'Your password is never stored as you typed it: only a salted hash of it is kept.',
      'Payments by wallet are handled by the provider; we keep no card data. Every price and total is worked out by the shop itself, never taken from your browser.',
    ].join('\n\n'),
    translations: {
      fr: {
        title: 'Paiement sécurisé',
        body: [
          'Votre mot de passe n’est jamais conservé tel que vous l’avez saisi : seule une empreinte salée en est gardée.',
          'Les paiements par portefeuille sont traités par le prestataire ; nous ne conservons aucune donnée de carte. Chaque prix et chaque total est calculé par la boutique elle-même, jamais repris de votre navigateur.',
        ].join('\n\n'),
      },
    },
  },
  'privacy-policy': {
    title: 'Privacy Policy',
    body: [
      'We use your details only to process your orders and keep your account. We never sell them.',
      'Addresses you save are used at checkout by default. You can change them at any time in your account.',
      'Payments by wallet are handled by the provider; we keep no card data.',
    ].join('\n\n'),
    translations: {
      fr: {
        title: 'Politique de confidentialité',
        body: [
          'Nous utilisons vos coordonnées uniquement pour traiter vos commandes et tenir votre compte. Nous ne les vendons jamais.',
          'Les adresses que vous enregistrez sont proposées par défaut lors de la commande. Vous pouvez les modifier à tout moment depuis votre compte.',
          'Les paiements par portefeuille sont traités par le prestataire ; nous ne conservons aucune donnée de carte.',
        ].join('\n\n'),
      },
    },
  },
};
