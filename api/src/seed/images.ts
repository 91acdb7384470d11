import sharp from 'sharp';
import type { FileStore } from '../storage/index.js';
import { makeImageCopies } from '../web/index.js';

// Demo photos drawn locally: an SVG studio backdrop with a stylised piece of jewelry, rendered by
// sharp to 600x778 JPEGs. Each photo matches its product's name (issue 22): the piece's kind, its
// stone's colour (an emerald green, an amethyst purple, a pearl a pearl) and its metal; one photo per
// metal, so choosing another metal shows the piece in it. Only the photos the demo's products use are
// made, once, and products of the same kind and stone share them.

export const KINDS = ['ring', 'pendant', 'hoops', 'bracelet', 'necklace'] as const;
export type Kind = (typeof KINDS)[number];
export const METALS = {
  gold: ['#fff1b8', '#e9c25a', '#a8740f'],
  silver: ['#ffffff', '#c9ced6', '#7d848e'],
  rose: ['#ffe1d4', '#e3a58f', '#a8606a'],
} as const;
export type Metal = keyof typeof METALS;
/** A stone's highlight, body and edge colours; 'None': no stone drawn. */
export const STONE_COLOURS = {
  Diamond: ['#ffffff', '#e6f1f8', '#8fa6b8'],
  Ruby: ['#ffd0dc', '#d8124f', '#4f061d'],
  Sapphire: ['#d5e2ff', '#1f4fd1', '#0b1f5e'],
  Emerald: ['#c9f5dc', '#11a05f', '#04402a'],
  Pearl: ['#ffffff', '#f3ece2', '#bfb1a2'],
  Amethyst: ['#efdcff', '#8e4fd6', '#36135f'],
  None: null,
} as const;
export type Stone = keyof typeof STONE_COLOURS;
const BACKDROPS = [
  ['#f7efe8', '#e6d6c9'],
  ['#eef1f5', '#cfd7e2'],
  ['#f4ecf3', '#dccbd9'],
];

/** A piece as its photos show it. */
export interface Piece {
  kind: Kind;
  stone: Stone;
}
const fileOf = (piece: Piece, metal: Metal) => `demo-${piece.kind}-${piece.stone.toLowerCase()}-${metal}.jpg`;

/** The points of a regular octagon around (x, y): a cut stone's outline (r) or its table (a smaller r). */
const octagon = (x: number, y: number, r: number) =>
  Array.from({ length: 8 }, (_, k) => {
    const a = ((22.5 + k * 45) * Math.PI) / 180;
    return `${(x + Math.cos(a) * r).toFixed(1)},${(y + Math.sin(a) * r).toFixed(1)}`;
  }).join(' ');

function svg({ kind, stone }: Piece, metal: Metal): string {
  const [hi, mid, lo] = METALS[metal];
  const [b1, b2] = BACKDROPS[KINDS.indexOf(kind) % BACKDROPS.length];
  const gem = STONE_COLOURS[stone];
  const pearl = stone === 'Pearl';
  const defs = `
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${b1}"/><stop offset="1" stop-color="${b2}"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.38" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.85"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
    <linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hi}"/><stop offset="0.45" stop-color="${mid}"/><stop offset="0.7" stop-color="${lo}"/><stop offset="1" stop-color="${hi}"/></linearGradient>
    ${gem ? `<radialGradient id="gem" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="${gem[0]}"/><stop offset="0.35" stop-color="${gem[1]}"/><stop offset="1" stop-color="${gem[2]}"/></radialGradient>` : ''}
    <radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`;
  /** The stone at (x, y), radius r: a pearl round and lustrous, any other cut, with a lighter table; nothing without a stone. */
  const stoneAt = (x: number, y: number, r: number) => {
    if (!gem) return '';
    if (pearl) {
      return `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#gem)" stroke="${gem[2]}" stroke-opacity="0.6" stroke-width="1.5"/>
        <ellipse cx="${x - r * 0.35}" cy="${y - r * 0.4}" rx="${r * 0.3}" ry="${r * 0.18}" fill="#fff" opacity="0.85"/>`;
    }
    return `<polygon points="${octagon(x, y, r)}" fill="url(#gem)" stroke="${gem[2]}" stroke-width="2"/>
      <polygon points="${octagon(x, y, r * 0.55)}" fill="${gem[0]}" fill-opacity="0.35" stroke="${gem[0]}" stroke-opacity="0.6" stroke-width="1.5"/>
      <ellipse cx="${x - r * 0.3}" cy="${y - r * 0.35}" rx="${r * 0.22}" ry="${r * 0.12}" fill="#fff" opacity="0.75"/>`;
  };
  let piece = '';
  if (kind === 'ring') {
    piece = `<ellipse cx="300" cy="610" rx="170" ry="26" fill="url(#shadow)"/>
      <ellipse cx="300" cy="450" rx="150" ry="150" fill="none" stroke="url(#metal)" stroke-width="30"/>
      <ellipse cx="300" cy="450" rx="136" ry="136" fill="none" stroke="${hi}" stroke-opacity="0.6" stroke-width="3"/>
      ${gem ? `<path d="M262 318 L282 262 L318 262 L338 318 Z" fill="url(#metal)"/>${stoneAt(300, 250, pearl ? 46 : 52)}` : ''}`;
  } else if (kind === 'pendant') {
    const drop = (r: number) => `M300 ${590 - 240 * r} C${300 + 90 * r} ${590 - 160 * r} ${300 + 80 * r} ${590 - 30 * r} 300 590 C${300 - 80 * r} ${590 - 30 * r} ${300 - 90 * r} ${590 - 160 * r} 300 ${590 - 240 * r} Z`;
    const inside = !gem
      ? `<path d="${drop(0.7)}" transform="translate(0 -40)" fill="none" stroke="${hi}" stroke-opacity="0.8" stroke-width="4"/>`
      : pearl
        ? stoneAt(300, 490, 58)
        : `<path d="${drop(0.78)}" transform="translate(0 -25)" fill="url(#gem)" stroke="${gem[2]}" stroke-width="2"/><ellipse cx="282" cy="450" rx="10" ry="22" fill="#fff" opacity="0.55"/>`;
    piece = `<path d="M60 0 Q300 628 540 0" fill="none" stroke="url(#metal)" stroke-width="6" stroke-dasharray="10 5"/>
      <ellipse cx="300" cy="640" rx="120" ry="20" fill="url(#shadow)"/>
      <circle cx="300" cy="330" r="16" fill="none" stroke="url(#metal)" stroke-width="8"/>
      <path d="${drop(1)}" fill="url(#metal)"/>${inside}`;
  } else if (kind === 'hoops') {
    piece = `<ellipse cx="300" cy="640" rx="220" ry="22" fill="url(#shadow)"/>
      <circle cx="190" cy="430" r="105" fill="none" stroke="url(#metal)" stroke-width="20"/>
      <circle cx="410" cy="430" r="105" fill="none" stroke="url(#metal)" stroke-width="20"/>
      ${stoneAt(190, 560, 22)}${stoneAt(410, 560, 22)}
      <path d="M120 360 A105 105 0 0 1 190 325" stroke="#fff" stroke-opacity="0.7" stroke-width="5" fill="none"/>
      <path d="M340 360 A105 105 0 0 1 410 325" stroke="#fff" stroke-opacity="0.7" stroke-width="5" fill="none"/>`;
  } else if (kind === 'bracelet') {
    const links = Array.from({ length: 18 }, (_, i) => {
      const a = (i / 18) * Math.PI * 2;
      const x = 300 + Math.cos(a) * 170;
      const y = 430 + Math.sin(a) * 120;
      return `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="26" ry="16" transform="rotate(${((a * 180) / Math.PI + 90).toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})" fill="none" stroke="url(#metal)" stroke-width="9"/>`;
    }).join('');
    piece = `<ellipse cx="300" cy="610" rx="210" ry="26" fill="url(#shadow)"/>${links}${gem ? `<circle cx="300" cy="552" r="32" fill="url(#metal)"/>${stoneAt(300, 552, 26)}` : ''}`;
  } else {
    // A pearl necklace is a string of pearls; any other, metal beads.
    const beads = Array.from({ length: 23 }, (_, i) => {
      const t = i / 22;
      const x = 70 + t * 460;
      const y = 120 + Math.sin(t * Math.PI) * 360;
      return pearl ? stoneAt(Number(x.toFixed(1)), Number(y.toFixed(1)), 16) : `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="15" fill="url(#metal)"/><circle cx="${(x - 5).toFixed(1)}" cy="${(y - 5).toFixed(1)}" r="4" fill="#fff" opacity="0.7"/>`;
    }).join('');
    const drop = gem ? `<circle cx="300" cy="${pearl ? 545 : 550}" r="${pearl ? 30 : 44}" fill="url(#metal)"/>${stoneAt(300, pearl ? 545 : 550, pearl ? 28 : 38)}` : '';
    piece = `<ellipse cx="300" cy="640" rx="160" ry="20" fill="url(#shadow)"/>${beads}${drop}`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="778" viewBox="0 0 600 778">
    <defs>${defs}</defs>
    <rect width="600" height="778" fill="url(#bg)"/><rect width="600" height="778" fill="url(#glow)"/>${piece}</svg>`;
}

/** A piece's photo in a metal, as an uploads/… path (known before the file is made). */
export const demoPhoto = (piece: Piece, metal: Metal) => `uploads/${fileOf(piece, metal)}`;

/**
 * Writes the photos of these products' pieces in every metal, each once however many products share
 * it (skipping those already there). The photo in a product's own metal, the one its pages and cards
 * show first, gets its copies (widths, WebP) now, as an upload has them, so no first visitor waits for
 * one; those of the other metals get theirs when first asked for (staticFiles.ts): making every copy
 * of every photo here would double the demo's seeding time.
 */
export async function generateDemoImages(files: FileStore, products: Array<Piece & { metal: Metal }>): Promise<void> {
  const leads = new Set(products.map((p) => fileOf(p, p.metal)));
  const pieces = new Map(products.flatMap((p) => (Object.keys(METALS) as Metal[]).map((metal) => [fileOf(p, metal), { piece: { kind: p.kind, stone: p.stone }, metal }] as const)));
  await Promise.all(
    [...pieces].map(async ([name, { piece, metal }]) => {
      if (await files.head(name)) return;
      const bytes = await sharp(Buffer.from(svg(piece, metal))).jpeg({ quality: 84 }).toBuffer();
      await files.put(name, bytes, 'image/jpeg');
      if (leads.has(name)) await makeImageCopies(files, name, bytes);
    }),
  );
}
