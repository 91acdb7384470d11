import type { Kind, Metal, Stone } from './images.js';

// The demo catalogue: realistic jewelry, priced in USD (other currencies are derived). Its photos
// (images.ts) draw each piece's kind, stone and metal, so they match its name.
export interface DemoProduct {
  title: string;
  kind: Kind;
  metal: Metal;
  stone: Stone;
  usd: number;
  blurb: string;
}

const P = (title: string, kind: Kind, metal: Metal, stone: Stone, usd: number, blurb: string): DemoProduct => ({ title, kind, metal, stone, usd, blurb });

export const DEMO_PRODUCTS: DemoProduct[] = [
  P('Aurora Solitaire Ring', 'ring', 'gold', 'Diamond', 1290, 'A single brilliant-cut stone held high in a slim four-prong setting.'),
  P('Celeste Sapphire Halo Ring', 'ring', 'silver', 'Sapphire', 640, 'A deep blue sapphire ringed by a halo of tiny pavé stones.'),
  P('Verona Emerald Band', 'ring', 'gold', 'Emerald', 520, 'Channel-set emeralds along a softly domed band.'),
  P('Luna Pavé Eternity Ring', 'ring', 'silver', 'Diamond', 890, 'Stones set all the way around for sparkle from every angle.'),
  P('Soleil Signet Ring', 'ring', 'gold', 'None', 280, 'A polished oval signet, ready for engraving.'),
  P('Mira Twisted Band', 'ring', 'rose', 'None', 145, 'Two strands twisted into one delicate everyday band.'),
  P('Ember Ruby Cocktail Ring', 'ring', 'rose', 'Ruby', 760, 'A bold cushion-cut ruby made for evenings out.'),
  P('Iris Amethyst Stacking Ring', 'ring', 'silver', 'Amethyst', 95, 'A slim band with a single violet amethyst, made to stack.'),
  P('Nova Diamond Promise Ring', 'ring', 'rose', 'Diamond', 410, 'A petite diamond in a heart-shaped bezel.'),
  P('Pearl Cascade Necklace', 'necklace', 'silver', 'Pearl', 340, 'Graduated freshwater pearls that fall gently at the collarbone.'),
  P('Riviera Tennis Necklace', 'necklace', 'gold', 'Diamond', 1180, 'A continuous line of matched stones in a flexible setting.'),
  P('Adele Beaded Choker', 'necklace', 'gold', 'None', 120, 'Polished beads on a fine chain that sits close to the neck.'),
  P('Marina Layered Necklace', 'necklace', 'rose', 'None', 165, 'Three fine chains of different lengths, pre-layered.'),
  P('Opaline Collar Necklace', 'necklace', 'silver', 'Pearl', 230, 'A sculpted collar finished with a single baroque pearl.'),
  P('Serena Station Necklace', 'necklace', 'gold', 'Sapphire', 380, 'Sapphires spaced along a fine cable chain.'),
  P('Ivy Bead Lariat', 'necklace', 'rose', 'Ruby', 210, 'An adjustable lariat finished with a ruby drop.'),
  P('Capri Statement Necklace', 'necklace', 'gold', 'Emerald', 690, 'Graduated emerald drops on a bold curb chain.'),
  P('Teardrop Sapphire Pendant', 'pendant', 'silver', 'Sapphire', 260, 'A pear-shaped sapphire in a clean bezel.'),
  P('Heart Locket Pendant', 'pendant', 'gold', 'None', 175, 'A hinged heart locket with room for two tiny photos.'),
  P('Evil Eye Pendant', 'pendant', 'silver', 'Sapphire', 89, 'A small enamel charm for luck and protection.'),
  P('North Star Pendant', 'pendant', 'gold', 'Diamond', 310, 'An eight-point star with a diamond at its heart.'),
  P('Initial Disc Pendant', 'pendant', 'rose', 'None', 79, 'A polished disc, engraved with the initial of your choice.'),
  P('Birthstone Drop Pendant', 'pendant', 'silver', 'Amethyst', 99, 'A round birthstone suspended from a fine bail.'),
  P('Crescent Moon Pendant', 'pendant', 'gold', 'Pearl', 145, 'A hammered crescent cradling a seed pearl.'),
  P('Emerald Cut Halo Pendant', 'pendant', 'rose', 'Emerald', 470, 'An emerald-cut stone framed by a sparkling halo.'),
  P('Classic Gold Hoops', 'hoops', 'gold', 'None', 120, 'Medium hoops in a polished tube, the pair you reach for daily.'),
  P('Huggie Pavé Hoops', 'hoops', 'silver', 'Diamond', 230, 'Small hoops that hug the lobe, lined with pavé stones.'),
  P('Ruby Drop Hoops', 'hoops', 'rose', 'Ruby', 190, 'Fine hoops with a removable ruby drop.'),
  P('Petite Sleeper Hoops', 'hoops', 'gold', 'None', 65, 'Feather-light sleepers, comfortable enough to sleep in.'),
  P('Twisted Rope Hoops', 'hoops', 'silver', 'None', 85, 'Rope-textured hoops that catch the light.'),
  P('Emerald Charm Hoops', 'hoops', 'gold', 'Emerald', 210, 'Hoops with a tiny emerald charm that moves as you do.'),
  P('Oversized Statement Hoops', 'hoops', 'rose', 'None', 150, 'Large, light hoops for a bold look.'),
  P('Diamond Huggie Earrings', 'hoops', 'gold', 'Diamond', 560, 'A single row of diamonds on a snug huggie.'),
  P('Cuban Link Bracelet', 'bracelet', 'gold', 'None', 340, 'Heavy, flat-polished links with a box clasp.'),
  P('Tennis Bracelet', 'bracelet', 'silver', 'Diamond', 980, 'A flexible line of matched stones, the timeless classic.'),
  P('Charm Chain Bracelet', 'bracelet', 'rose', 'None', 110, 'A rolo chain ready for your charms.'),
  P('Figaro Link Bracelet', 'bracelet', 'gold', 'None', 190, 'The Italian three-and-one link pattern.'),
  P('Paperclip Chain Bracelet', 'bracelet', 'silver', 'None', 75, 'Elongated links for a modern, minimal look.'),
  P('Rolo Chain Bracelet', 'bracelet', 'rose', 'None', 69, 'Round links with a lobster clasp.'),
  P('Sapphire Station Bracelet', 'bracelet', 'silver', 'Sapphire', 260, 'Bezel-set sapphires spaced along a fine chain.'),
  P('Herringbone Bracelet', 'bracelet', 'gold', 'None', 230, 'A liquid-smooth herringbone chain.'),
  P('Bead & Bar Bracelet', 'bracelet', 'rose', 'Amethyst', 89, 'Alternating beads and bars with an amethyst accent.'),
];

export const CATEGORY: Record<Kind, string> = { ring: 'Rings', necklace: 'Necklaces', pendant: 'Pendants', hoops: 'Earrings', bracelet: 'Bracelets' };
export const MATERIAL: Record<Metal, string> = { gold: 'Gold', silver: 'Silver', rose: 'Rose Gold' };
export const STONES: Stone[] = ['Diamond', 'Ruby', 'Sapphire', 'Emerald', 'Pearl', 'Amethyst', 'None'];

export const FEATURES: Record<Kind, string[]> = {
  ring: ['Comfort-fit inner band', 'Hallmarked precious metal', 'Free resizing within 30 days', 'Arrives in a gift box'],
  necklace: ['Adjustable length with extender', 'Secure lobster clasp', 'Hypoallergenic and nickel free', 'Arrives in a gift box'],
  pendant: ['Chain included', 'Hand-polished finish', 'Hypoallergenic and nickel free', 'Engraving available'],
  hoops: ['Sold as a pair', 'Click-top closure', 'Hypoallergenic posts', 'Arrives in a gift box'],
  bracelet: ['Adjustable fit', 'Secure clasp with safety catch', 'Hand-polished finish', 'Arrives in a gift box'],
};
