import { WELCOME_CODE, ROUTE_PATHS, shopSearchPath } from '@shop/shared/src/contract';
// The home page's marketing copy (SPEC §2: mostly static content): its texts are the catalogue's (issue 37),
// named here by their keys; the first view (firstView/renderFirstView.ts) shows the first slide too.

export const HERO_SLIDES = [
  { eyebrow: 'home.hero1.eyebrow', title: 'home.hero1.title', text: 'home.hero1.text' },
  { eyebrow: 'home.hero2.eyebrow', title: 'home.hero2.title', text: 'home.hero2.text' },
  { eyebrow: 'home.hero3.eyebrow', title: 'home.hero3.title', text: 'home.hero3.text' },
] as const;

export const PROMOS = [
  // Each link shows what its banner promises (issue 20): the rings on sale; necklaces and pendants both ('or' takes either word).
  { eyebrow: 'home.promo1.eyebrow', title: 'home.promo1.title', text: 'home.promo1.text', link: `${shopSearchPath('ring')}&sale=1`, cta: 'home.promo1.cta' },
  { eyebrow: 'home.promo2.eyebrow', title: 'home.promo2.title', text: 'home.promo2.text', code: WELCOME_CODE, link: ROUTE_PATHS.shop, cta: 'home.promo2.cta' },
  { eyebrow: 'home.promo3.eyebrow', title: 'home.promo3.title', text: 'home.promo3.text', link: shopSearchPath('necklace or pendant'), cta: 'home.promo3.cta' },
] as const;

/** A customer's name is theirs in every language; what they said and where they live are translated. */
export const TESTIMONIALS = [
  { quote: 'home.said1.quote', name: 'Amelia Hart', place: 'home.said1.place' },
  { quote: 'home.said2.quote', name: 'Sofia Marín', place: 'home.said2.place' },
  { quote: 'home.said3.quote', name: 'Priya Nair', place: 'home.said3.place' },
  { quote: 'home.said4.quote', name: 'Daniel Okafor', place: 'home.said4.place' },
] as const;
