// The words of the API's refusals in the caller's language (issue 37): a 400's `message` and `fields`
// (and the other 4xx's `message`) for the storefront's forms: register, login, password, address,
// checkout, contact, reviews. One catalogue, keyed by the English text itself, so the English answers
// stay verbatim (SPEC's words; the contract's constants); a text without its translation is answered in
// English. The error handler (app/errors.ts) says each refusal in the request's locale (lib/locale.ts:
// ?locale=, else Accept-Language, as the browser's one client sends them).
import {
  CONTACT_ERRORS,
  CONTACT_LIMITS,
  COUPON_MESSAGES,
  DEFAULT_LOCALE,
  type Locale,
  listFullMessage,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_WORDS,
  PER_USER_LISTS,
  type PerUserList,
  REVIEW_ERRORS,
  REVIEW_LIMITS,
} from '@shop/contract';

/** A count as French writes it (5 000), as the pages' {max, number} does. */
const frNumber = (n: number) => n.toLocaleString('fr-FR');

/** English → French. An English text with {placeholders} matches any text of its shape; the French says them again. */
const FR: Record<string, string> = {
  // A field's words (lib/fieldWords.ts: the schema's checks of a body), as the account pages write them.
  'This field is required': 'Ce champ est obligatoire',
  'Enter a valid email address': 'Saisissez une adresse e-mail valide',
  'Enter a valid contact number (digits, spaces, + ( ) -)': 'Saisissez un numéro de téléphone valide (chiffres, espaces, + ( ) -)',
  'Use at least {limit} characters': 'Utilisez au moins {limit} caractères',
  'Use at most {limit} characters': 'Utilisez au plus {limit} caractères',
  'This value is not valid': "Cette valeur n'est pas valide",
  [PASSWORD_WORDS.short]: `Utilisez au moins ${MIN_PASSWORD_LENGTH} caractères`,
  [PASSWORD_WORDS.long]: `Utilisez au plus ${MAX_PASSWORD_LENGTH} caractères`,
  [PASSWORD_WORDS.common]: 'Ce mot de passe est parmi les plus utilisés : choisissez-en un autre',
  // Register, login, profile, password reset (accounts/service.ts).
  'User already exists': 'Un compte existe déjà avec cette adresse e-mail ou ce numéro',
  'Invalid credentials': 'Identifiants incorrects',
  'Your current password is not correct': "Votre mot de passe actuel n'est pas le bon",
  'This reset link is not valid. Please ask for a new one.': "Ce lien de réinitialisation n'est pas valide. Veuillez en demander un nouveau.",
  'This reset link has already been used. Please ask for a new one.': 'Ce lien de réinitialisation a déjà servi. Veuillez en demander un nouveau.',
  'This reset link has expired. Please ask for a new one.': 'Ce lien de réinitialisation a expiré. Veuillez en demander un nouveau.',
  'Too many attempts. Please try again later.': 'Trop de tentatives. Veuillez réessayer plus tard.',
  // Addresses and checkout (accounts/service.ts, orders/, cart/).
  'Please enter a valid address: country, line1, city and postalCode are required': 'Veuillez saisir une adresse valide : le pays, l’adresse, la ville et le code postal sont obligatoires',
  'Send shippingAddress or addressId': 'Veuillez indiquer une adresse de livraison',
  'Unknown currency': 'Devise inconnue',
  'Cart is empty': 'Votre panier est vide',
  'The payment does not match the order total': 'Le paiement ne correspond pas au total de la commande',
  // Card payments (issue 40: cards/).
  'Card payments are not available': 'Le paiement par carte n’est pas disponible',
  'Unknown card payment': 'Paiement par carte inconnu',
  'The card payment has not succeeded': 'Le paiement par carte n’a pas abouti',
  'The card was declined': 'La carte a été refusée',
  'The card payment provider could not be reached. Please try again.': 'Le service de paiement par carte ne répond pas. Veuillez réessayer.',
  'There is nothing to pay': 'Il n’y a rien à payer',
  'This card payment could not become an order: it is refunded in full': 'Ce paiement par carte n’a pas pu devenir une commande : il vous est intégralement remboursé',
  'Your card payment could not become an order ({reason}): it is refunded in full': 'Votre paiement par carte n’a pas pu devenir une commande ({reason}) : il vous est intégralement remboursé',
  '"{title}" is not available in {code}': '« {title} » n’est pas disponible en {code}',
  'Only {n} of {title} left': '{title} : plus que {n} en stock',
  '{title} is out of stock': '{title} est épuisé',
  '{title}: {reason}; please update your cart': '{title} : {reason} ; veuillez mettre votre panier à jour',
  'Choose a {type}': 'Choisissez : {type}',
  'Choose only one {type}': 'Un seul choix possible : {type}',
  '{type} {name} is not available': '{type} {name} n’est pas disponible',
  '{type} {name} is out of stock': '{type} {name} est épuisé',
  [COUPON_MESSAGES.unknown]: 'Ce code n’est pas valide',
  [COUPON_MESSAGES.notStarted]: 'Ce code n’est pas encore valable',
  [COUPON_MESSAGES.expired]: 'Ce code a expiré',
  [COUPON_MESSAGES.usageLimit]: 'Ce code a atteint sa limite d’utilisation',
  [COUPON_MESSAGES.alreadyUsed]: 'Vous avez déjà utilisé ce code',
  [COUPON_MESSAGES.firstOrder]: 'Ce code est réservé à une première commande',
  [COUPON_MESSAGES.noProducts]: 'Ce code ne s’applique à aucun article de votre panier',
  [COUPON_MESSAGES.currency('{code}')]: 'Ce code ne peut pas être utilisé en {code}',
  [COUPON_MESSAGES.minSubtotal('{amount}')]: 'Ce code demande un sous-total d’au moins {amount}',
  [COUPON_MESSAGES.tooManyTries]: 'Trop de codes essayés. Veuillez patienter quelques minutes avant d’en essayer un autre.',
  // Contact form (contract checkContact), in the contact page's own French.
  [CONTACT_ERRORS.name]: 'Veuillez indiquer votre nom.',
  [CONTACT_ERRORS.nameLong]: `Votre nom ne peut dépasser ${frNumber(CONTACT_LIMITS.name)} caractères.`,
  [CONTACT_ERRORS.email]: 'Veuillez saisir une adresse e-mail valide.',
  [CONTACT_ERRORS.message]: 'Veuillez écrire votre message.',
  [CONTACT_ERRORS.messageLong]: `Votre message ne peut dépasser ${frNumber(CONTACT_LIMITS.message)} caractères.`,
  // Reviews (contract checkReview, reviews/service.ts).
  [REVIEW_ERRORS.rating]: 'Veuillez choisir de 1 à 5 étoiles.',
  [REVIEW_ERRORS.title]: 'Veuillez donner un titre à votre avis.',
  [REVIEW_ERRORS.titleLong]: `Le titre ne peut dépasser ${REVIEW_LIMITS.title} caractères.`,
  [REVIEW_ERRORS.bodyShort]: `Veuillez écrire au moins ${REVIEW_LIMITS.bodyMin} caractères.`,
  [REVIEW_ERRORS.bodyLong]: `Votre avis ne peut dépasser ${frNumber(REVIEW_LIMITS.body)} caractères.`,
  [REVIEW_ERRORS.notBuyer]: 'Seuls les acheteurs de ce bijou peuvent lui donner un avis',
  [REVIEW_ERRORS.signIn]: 'Connectez-vous pour donner votre avis sur ce bijou',
  [REVIEW_ERRORS.already]: 'Vous avez déjà donné votre avis sur ce bijou',
  [REVIEW_ERRORS.ownHelpful]: 'Vous ne pouvez pas voter pour votre propre avis',
  [REVIEW_ERRORS.twiceHelpful]: 'Vous avez déjà trouvé cet avis utile',
  [REVIEW_ERRORS.notFound]: 'Avis introuvable',
  'This link is not valid': "Ce lien n'est pas valide",
};

/** A customer's lists, in French (the refusal of one more: contract listFullMessage). */
const LIST_NAMES_FR: Record<PerUserList, string> = {
  addresses: 'adresses enregistrées',
  wishlist: 'bijoux dans votre liste d’envies',
  cartLines: 'articles différents dans votre panier',
};
for (const list of Object.keys(PER_USER_LISTS) as PerUserList[]) {
  FR[listFullMessage(list)] = `Vous pouvez garder au plus ${PER_USER_LISTS[list].max} ${LIST_NAMES_FR[list]} ; retirez-en un pour en ajouter un autre`;
}

export const SERVER_TEXTS: Partial<Record<Locale, Record<string, string>>> = { fr: FR };

interface Compiled {
  exact: Map<string, string>;
  shapes: Array<{ pattern: RegExp; names: string[]; text: string }>;
}
const compiled: Partial<Record<Locale, Compiled>> = {};
const PLACEHOLDER = /\{(\w+)\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(locale: Locale): Compiled | undefined {
  const texts = SERVER_TEXTS[locale];
  if (!texts) return undefined;
  if (compiled[locale]) return compiled[locale];
  const out: Compiled = { exact: new Map(), shapes: [] };
  for (const [english, text] of Object.entries(texts)) {
    const names = [...english.matchAll(PLACEHOLDER)].map((m) => m[1]);
    if (!names.length) {
      out.exact.set(english, text);
      continue;
    }
    const source = english.split(PLACEHOLDER).map((part, i) => (i % 2 ? '(.+?)' : escapeRegExp(part))).join('');
    out.shapes.push({ pattern: new RegExp(`^${source}$`, 's'), names, text });
  }
  // The longest shapes first: 'Choose only one {type}' before 'Choose a {type}'-like shorter ones.
  out.shapes.sort((a, b) => b.pattern.source.length - a.pattern.source.length);
  compiled[locale] = out;
  return out;
}

/**
 * A refusal's words in a locale: its translation, the placeholders' values carried over (each said again
 * in the locale when it is itself a known text); "field: words" (lib/errors fieldError) as the words alone.
 * English, or a text the catalogue lacks, is returned as it is.
 */
export function serverTextIn(text: string, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return text;
  const own = compile(locale);
  if (!own) return text;
  const known = own.exact.get(text);
  if (known !== undefined) return known;
  for (const { pattern, names, text: translated } of own.shapes) {
    const m = pattern.exec(text);
    if (!m) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, m[i + 1]]));
    return translated.replace(PLACEHOLDER, (_, name: string) => (name === 'reason' ? serverTextIn(values[name], locale) : values[name]));
  }
  // A field's refusal ('password: Use at least 10 characters'): the field beside it says which one.
  const field = /^[A-Za-z][\w.]*: (.+)$/s.exec(text);
  if (field) {
    const words = serverTextIn(field[1], locale);
    if (words !== field[1]) return words;
  }
  return text;
}

/** A 400's fields, each said in the locale. */
export function fieldsIn(fields: Record<string, string>, locale: Locale): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([field, words]) => [field, serverTextIn(words, locale)]));
}
