// Issue 38 (17): the demo's home, as its owner would write it in the Content page: the shop's first slides
// (content/defaults.ts) and three promotion banners, each backed by what the demo seeds (demo.ts): the
// Winter Sale's 15 % on the rings it marks, the welcome coupon (15 % off a first order, once), and the
// necklaces and pendants. No engraving, no gift wrapping, no free delivery: the demo offers none of them
// as such (delivery is free only above each zone's threshold, which checkout shows).
import { type ContentHome, shopSearchPath, WELCOME_CODE, ROUTE_PATHS } from '@shop/contract';
import { DEFAULT_HOME } from '../content/defaults.js';

export const demoHome = (salePercent: number, welcomePercent: number): ContentHome => ({
  slides: DEFAULT_HOME.slides,
  banners: [
    {
      image: '',
      eyebrow: 'Winter Sale',
      heading: `${salePercent}% off selected rings`,
      text: 'Our favourite stacking rings, at their best price while the sale lasts.',
      code: '',
      linkLabel: 'Shop rings',
      link: `${shopSearchPath('ring')}&sale=1`,
      translations: { fr: { eyebrow: "Soldes d'hiver", heading: `-${salePercent} % sur une sélection de bagues`, text: 'Nos bagues à empiler préférées, à leur meilleur prix le temps des soldes.', linkLabel: 'Voir les bagues' } },
    },
    {
      image: '',
      eyebrow: 'Welcome gift',
      heading: `${welcomePercent}% off your first order`,
      text: `Enter the code below at checkout: it takes ${welcomePercent}% off your first order.`,
      code: WELCOME_CODE,
      linkLabel: 'Find your piece',
      link: ROUTE_PATHS.shop,
      translations: {
        fr: {
          eyebrow: 'Cadeau de bienvenue',
          heading: `-${welcomePercent} % sur votre première commande`,
          text: `Saisissez le code ci-dessous lors de la commande : il retire ${welcomePercent} % de votre première commande.`,
          linkLabel: 'Trouver votre bijou',
        },
      },
    },
    ...DEFAULT_HOME.banners,
  ],
});
