import { WELCOME_CODE, ROUTE_PATHS, shopSearchPath } from '@shop/shared/src/contract';
// The home page's marketing copy (SPEC §2: mostly static content).

export const HERO_SLIDES = [
  {
    eyebrow: 'New collection 2026',
    title: 'Timeless gold, made for every day',
    text: 'Hand-finished rings, pendants and hoops in 18k gold and sterling silver, designed to be worn and loved for decades.',
  },
  {
    eyebrow: 'The bridal edit',
    title: 'A ring as lasting as the promise',
    text: 'Solitaires, eternity bands and stacking rings, each set by hand and sized to fit you perfectly.',
  },
  {
    eyebrow: 'Gifts to keep forever',
    title: 'Wrapped, engraved and on its way',
    text: 'Complimentary engraving and gift wrapping on every piece. Choose today, delivered beautifully.',
  },
] as const;

export const PROMOS = [
  // Each link shows what its banner promises (issue 20): the rings on sale; necklaces and pendants both ('or' takes either word).
  { eyebrow: 'Limited time', title: 'Up to 30% off selected rings', text: 'Our favourite stacking rings, now at their best price.', link: `${shopSearchPath('ring')}&sale=1`, cta: 'Shop rings' },
  { eyebrow: 'Welcome gift', title: '15% off your first order', text: 'Enter the code below at checkout: it takes 15% off your first order.', code: WELCOME_CODE, link: ROUTE_PATHS.shop, cta: 'Find your piece' },
  { eyebrow: 'Made for layering', title: 'Necklaces & pendants', text: 'Fine chains and delicate pendants to wear alone or together.', link: shopSearchPath('necklace or pendant'), cta: 'Discover' },
] as const;

export const TESTIMONIALS = [
  { quote: 'The ring arrived beautifully wrapped and fits perfectly. I have not taken it off since — it catches the light every single day.', name: 'Amelia Hart', place: 'London' },
  { quote: 'I ordered hoops for my sister and added an engraving. The team answered every question within the hour. Truly lovely service.', name: 'Sofia Marín', place: 'Valencia' },
  { quote: 'Quality you can feel. The gold has a warmth that photos don’t capture, and the clasp is sturdy enough for everyday wear.', name: 'Priya Nair', place: 'Toronto' },
  { quote: 'My go-to for gifts now. Prices are clear in my own currency and the pieces always look even better in person.', name: 'Daniel Okafor', place: 'Lagos' },
] as const;
