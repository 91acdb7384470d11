import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { makeImageCopies } from '../web/index.js';

// Demo photos drawn locally: an SVG studio backdrop with a stylised piece of jewelry, rendered by
// sharp to 600x778 JPEGs. A small set is made once and shared across the demo products.

export const KINDS = ['ring', 'pendant', 'hoops', 'bracelet', 'necklace'] as const;
export type Kind = (typeof KINDS)[number];
export const METALS = {
  gold: ['#fff1b8', '#e9c25a', '#a8740f'],
  silver: ['#ffffff', '#c9ced6', '#7d848e'],
  rose: ['#ffe1d4', '#e3a58f', '#a8606a'],
} as const;
export type Metal = keyof typeof METALS;
const GEMS = ['#e0115f', '#1f4fd1', '#0fa86b', '#d9f3ff', '#8a4fd8'];
const BACKDROPS = [
  ['#f7efe8', '#e6d6c9'],
  ['#eef1f5', '#cfd7e2'],
  ['#f4ecf3', '#dccbd9'],
];

function svg(kind: Kind, metal: Metal, view: number): string {
  const [hi, mid, lo] = METALS[metal];
  const [b1, b2] = BACKDROPS[(KINDS.indexOf(kind) + view) % BACKDROPS.length];
  const gem = GEMS[(KINDS.indexOf(kind) * 2 + view + Object.keys(METALS).indexOf(metal)) % GEMS.length];
  const s = view === 0 ? 1 : 0.82;
  const defs = `
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${b1}"/><stop offset="1" stop-color="${b2}"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.38" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.85"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
    <linearGradient id="metal" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hi}"/><stop offset="0.45" stop-color="${mid}"/><stop offset="0.7" stop-color="${lo}"/><stop offset="1" stop-color="${hi}"/></linearGradient>
    <radialGradient id="gem" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#ffffff"/><stop offset="0.25" stop-color="${gem}"/><stop offset="1" stop-color="#111122"/></radialGradient>
    <radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>`;
  let piece = '';
  if (kind === 'ring') {
    piece = `<ellipse cx="300" cy="610" rx="170" ry="26" fill="url(#shadow)"/>
      <ellipse cx="300" cy="450" rx="150" ry="150" fill="none" stroke="url(#metal)" stroke-width="30"/>
      <ellipse cx="300" cy="450" rx="136" ry="136" fill="none" stroke="${hi}" stroke-opacity="0.6" stroke-width="3"/>
      <path d="M270 318 L300 250 L330 318 Z" fill="url(#metal)"/>
      <polygon points="300,205 345,245 300,300 255,245" fill="url(#gem)" stroke="${hi}" stroke-width="3"/>
      <polygon points="300,212 322,245 300,240 278,245" fill="#fff" opacity="0.45"/>`;
  } else if (kind === 'pendant') {
    piece = `<path d="M60 0 Q300 628 540 0" fill="none" stroke="url(#metal)" stroke-width="6" stroke-dasharray="10 5"/>
      <ellipse cx="300" cy="640" rx="120" ry="20" fill="url(#shadow)"/>
      <circle cx="300" cy="330" r="16" fill="none" stroke="url(#metal)" stroke-width="8"/>
      <path d="M300 350 C390 430 380 560 300 590 C220 560 210 430 300 350 Z" fill="url(#metal)"/>
      <path d="M300 395 C355 450 350 535 300 555 C250 535 245 450 300 395 Z" fill="url(#gem)"/>
      <ellipse cx="282" cy="450" rx="10" ry="22" fill="#fff" opacity="0.5"/>`;
  } else if (kind === 'hoops') {
    piece = `<ellipse cx="300" cy="640" rx="220" ry="22" fill="url(#shadow)"/>
      <circle cx="190" cy="430" r="105" fill="none" stroke="url(#metal)" stroke-width="20"/>
      <circle cx="410" cy="430" r="105" fill="none" stroke="url(#metal)" stroke-width="20"/>
      <circle cx="190" cy="545" r="16" fill="url(#gem)"/><circle cx="410" cy="545" r="16" fill="url(#gem)"/>
      <path d="M120 360 A105 105 0 0 1 190 325" stroke="#fff" stroke-opacity="0.7" stroke-width="5" fill="none"/>
      <path d="M340 360 A105 105 0 0 1 410 325" stroke="#fff" stroke-opacity="0.7" stroke-width="5" fill="none"/>`;
  } else if (kind === 'bracelet') {
    const links = Array.from({ length: 18 }, (_, i) => {
      const a = (i / 18) * Math.PI * 2;
      const x = 300 + Math.cos(a) * 170;
      const y = 430 + Math.sin(a) * 120;
      return `<ellipse cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" rx="26" ry="16" transform="rotate(${((a * 180) / Math.PI + 90).toFixed(1)} ${x.toFixed(1)} ${y.toFixed(1)})" fill="none" stroke="url(#metal)" stroke-width="9"/>`;
    }).join('');
    piece = `<ellipse cx="300" cy="610" rx="210" ry="26" fill="url(#shadow)"/>${links}<circle cx="300" cy="550" r="20" fill="url(#gem)" stroke="url(#metal)" stroke-width="5"/>`;
  } else {
    const beads = Array.from({ length: 23 }, (_, i) => {
      const t = i / 22;
      const x = 70 + t * 460;
      const y = 120 + Math.sin(t * Math.PI) * 360;
      return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="15" fill="url(#metal)"/><circle cx="${(x - 5).toFixed(1)}" cy="${(y - 5).toFixed(1)}" r="4" fill="#fff" opacity="0.7"/>`;
    }).join('');
    piece = `<ellipse cx="300" cy="640" rx="160" ry="20" fill="url(#shadow)"/>${beads}
      <polygon points="300,500 340,540 300,600 260,540" fill="url(#gem)" stroke="url(#metal)" stroke-width="5"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="778" viewBox="0 0 600 778">
    <defs>${defs}</defs>
    <rect width="600" height="778" fill="url(#bg)"/><rect width="600" height="778" fill="url(#glow)"/>
    <g transform="translate(${300 - 300 * s} ${389 - 389 * s}) scale(${s})">${piece}</g></svg>`;
}

/** Writes the demo images (skipping those already there); answers uploads/… paths by kind and metal. */
export async function generateDemoImages(uploadsDir: string): Promise<(kind: Kind, metal: Metal) => string[]> {
  fs.mkdirSync(uploadsDir, { recursive: true });
  const jobs: Promise<unknown>[] = [];
  for (const kind of KINDS) {
    for (const metal of Object.keys(METALS) as Metal[]) {
      for (const view of [0, 1]) {
        const file = path.join(uploadsDir, `demo-${kind}-${metal}-${view}.jpg`);
        // With the copies pages ask for (widths, WebP), as an upload has them: no first visitor waits for one.
        if (!fs.existsSync(file))
          jobs.push(
            sharp(Buffer.from(svg(kind, metal, view)))
              .jpeg({ quality: 84 })
              .toFile(file)
              .then(() => makeImageCopies(path.resolve(uploadsDir), path.resolve(file))),
          );
      }
    }
  }
  await Promise.all(jobs);
  return (kind, metal) => [0, 1].map((v) => `uploads/demo-${kind}-${metal}-${v}.jpg`);
}
