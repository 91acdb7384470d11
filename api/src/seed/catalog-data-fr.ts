import type { Kind, Metal, Stone } from './images.js';

// The demo catalogue in French (issue 37), as a French jeweller would write it: each piece's title and
// blurb by its English title, and the names of its filters, options and variants. The demo seed
// stores them as the records' translations.

/** Title and blurb in French, by the English title (catalog-data.ts DEMO_PRODUCTS). */
export const DEMO_PRODUCTS_FR: Record<string, { title: string; blurb: string }> = {
  'Aurora Solitaire Ring': { title: 'Bague solitaire Aurora', blurb: 'Une pierre taille brillant, seule, tenue haut par quatre griffes fines.' },
  'Celeste Sapphire Halo Ring': { title: 'Bague Céleste saphir et halo', blurb: "Un saphir d'un bleu profond, entouré d'un halo de pierres pavées." },
  'Verona Emerald Band': { title: 'Alliance Vérone émeraudes', blurb: "Des émeraudes serties rail le long d'un anneau légèrement bombé." },
  'Luna Pavé Eternity Ring': { title: 'Alliance tour complet Luna pavée', blurb: 'Des pierres serties tout autour, pour briller sous tous les angles.' },
  'Soleil Signet Ring': { title: 'Chevalière Soleil', blurb: 'Un plateau ovale poli, prêt à recevoir une gravure.' },
  'Mira Twisted Band': { title: 'Anneau torsadé Mira', blurb: 'Deux fils torsadés en un seul anneau délicat, à porter tous les jours.' },
  'Ember Ruby Cocktail Ring': { title: 'Bague cocktail Braise rubis', blurb: 'Un rubis taille coussin, audacieux, fait pour les soirées.' },
  'Iris Amethyst Stacking Ring': { title: 'Bague à empiler Iris améthyste', blurb: 'Un anneau fin orné d’une seule améthyste violette, à accumuler.' },
  'Nova Diamond Promise Ring': { title: 'Bague de promesse Nova diamant', blurb: 'Un petit diamant dans un serti clos en forme de cœur.' },
  'Pearl Cascade Necklace': { title: 'Collier Cascade de perles', blurb: "Des perles d'eau douce en chute qui tombent doucement sur la clavicule." },
  'Riviera Tennis Necklace': { title: 'Collier rivière Riviera', blurb: 'Une ligne continue de pierres assorties sur une monture souple.' },
  'Adele Beaded Choker': { title: 'Ras-de-cou perlé Adèle', blurb: 'Des perles de métal polies sur une chaîne fine, portée près du cou.' },
  'Marina Layered Necklace': { title: 'Collier multirang Marina', blurb: 'Trois chaînes fines de longueurs différentes, déjà superposées.' },
  'Opaline Collar Necklace': { title: 'Collier plastron Opaline', blurb: "Un plastron sculpté, terminé par une seule perle baroque." },
  'Serena Station Necklace': { title: 'Collier Séréna saphirs', blurb: 'Des saphirs espacés le long d’une fine chaîne forçat.' },
  'Ivy Bead Lariat': { title: 'Sautoir lariat Ivy', blurb: "Un lariat réglable, terminé par une goutte de rubis." },
  'Capri Statement Necklace': { title: 'Collier plastron Capri', blurb: 'Des gouttes d’émeraude en chute sur une chaîne gourmette affirmée.' },
  'Teardrop Sapphire Pendant': { title: 'Pendentif goutte saphir', blurb: 'Un saphir taille poire dans un serti clos épuré.' },
  'Heart Locket Pendant': { title: 'Pendentif médaillon cœur', blurb: 'Un médaillon cœur qui s’ouvre sur deux minuscules photos.' },
  'Evil Eye Pendant': { title: 'Pendentif œil protecteur', blurb: 'Un petit charm émaillé, porte-bonheur et protecteur.' },
  'North Star Pendant': { title: 'Pendentif étoile du Nord', blurb: 'Une étoile à huit branches, un diamant en son cœur.' },
  'Initial Disc Pendant': { title: 'Pendentif disque initiale', blurb: "Un disque poli, gravé de l'initiale de votre choix." },
  'Birthstone Drop Pendant': { title: 'Pendentif goutte pierre de naissance', blurb: "Une pierre de naissance ronde suspendue à une bélière fine." },
  'Crescent Moon Pendant': { title: 'Pendentif croissant de lune', blurb: 'Un croissant martelé qui berce une perle semence.' },
  'Emerald Cut Halo Pendant': { title: 'Pendentif halo taille émeraude', blurb: "Une pierre taille émeraude encadrée d'un halo scintillant." },
  'Classic Gold Hoops': { title: 'Créoles classiques en or', blurb: 'Des créoles moyennes en tube poli : la paire de tous les jours.' },
  'Huggie Pavé Hoops': { title: 'Mini-créoles pavées', blurb: "De petites créoles qui épousent le lobe, bordées de pierres pavées." },
  'Ruby Drop Hoops': { title: 'Créoles goutte de rubis', blurb: 'De fines créoles et leur goutte de rubis amovible.' },
  'Petite Sleeper Hoops': { title: 'Petites créoles dormeuses', blurb: 'Des dormeuses légères comme une plume, à garder même la nuit.' },
  'Twisted Rope Hoops': { title: 'Créoles torsadées', blurb: 'Des créoles à la texture de corde qui accrochent la lumière.' },
  'Emerald Charm Hoops': { title: 'Créoles charm émeraude', blurb: 'Des créoles et leur minuscule charm émeraude, qui bouge avec vous.' },
  'Oversized Statement Hoops': { title: 'Grandes créoles', blurb: 'De grandes créoles légères, pour un style affirmé.' },
  'Diamond Huggie Earrings': { title: "Boucles d'oreilles mini-créoles diamants", blurb: 'Un rang de diamants sur une mini-créole qui épouse le lobe.' },
  'Cuban Link Bracelet': { title: 'Bracelet maille cubaine', blurb: 'Des maillons lourds et plats, polis, fermoir à cliquet.' },
  'Tennis Bracelet': { title: 'Bracelet rivière', blurb: 'Une ligne souple de pierres assorties : l’intemporel.' },
  'Charm Chain Bracelet': { title: 'Bracelet chaîne à charms', blurb: 'Une chaîne jaseron prête à accueillir vos charms.' },
  'Figaro Link Bracelet': { title: 'Bracelet maille Figaro', blurb: 'La maille italienne : trois maillons courts, un long.' },
  'Paperclip Chain Bracelet': { title: 'Bracelet maille trombone', blurb: 'Des maillons allongés, pour un style moderne et épuré.' },
  'Rolo Chain Bracelet': { title: 'Bracelet maille jaseron', blurb: 'Des maillons ronds et un fermoir mousqueton.' },
  'Sapphire Station Bracelet': { title: 'Bracelet saphirs espacés', blurb: 'Des saphirs en serti clos, espacés le long d’une chaîne fine.' },
  'Herringbone Bracelet': { title: 'Bracelet maille chevron', blurb: 'Une maille chevron souple et lisse comme de l’eau.' },
  'Bead & Bar Bracelet': { title: 'Bracelet perles et barrettes', blurb: 'Perles et barrettes en alternance, rehaussées d’une améthyste.' },
};

export const CATEGORY_FR: Record<Kind, string> = { ring: 'Bagues', necklace: 'Colliers', pendant: 'Pendentifs', hoops: "Boucles d'oreilles", bracelet: 'Bracelets' };
export const MATERIAL_FR: Record<Metal, string> = { gold: 'Or', silver: 'Argent', rose: 'Or rose' };
export const STONES_FR: Record<Stone, string> = { Diamond: 'Diamant', Ruby: 'Rubis', Sapphire: 'Saphir', Emerald: 'Émeraude', Pearl: 'Perle', Amethyst: 'Améthyste', None: 'Sans pierre' };
/** The filters' and variants' own names. */
export const NAMES_FR: Record<string, string> = { Material: 'Matière', Stone: 'Pierre', Category: 'Catégorie', Metal: 'Métal', Size: 'Taille', Length: 'Longueur' };
/** The discounts' names shown to shoppers. */
export const DISCOUNTS_FR: Record<string, string> = {
  'Winter Sale 15%': "Soldes d'hiver -15 %",
  'Summer Clearance': "Déstockage d'été",
  'Gift Card $20': 'Carte cadeau 20 $',
  'Loyal Customer 5%': 'Client fidèle -5 %',
};

/** A piece's French description: its blurb, then what it is made of, as the English one says it. */
export const descriptionFr = (blurb: string, metal: Metal, stone: Stone) =>
  `${blurb} ${MATERIAL_FR[metal]}${stone !== 'None' ? ` et ${STONES_FR[stone].toLowerCase()}` : ''} : finition à la main, chaque pièce contrôlée une à une.`;
