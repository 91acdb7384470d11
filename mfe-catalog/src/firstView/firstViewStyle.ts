import { FIRST_VIEW_ID } from '@shop/shared/src/contract';

// The first view's own CSS, sent inline with it: it paints before any of the shop's style sheets or
// fonts have arrived, so it repeats the few token values it needs (shared/src/styles/tokens.css) and the
// geometry of the page parts it stands in for (HomePage, ShopPage, ProductCard, ProductPage, Gallery
// .module.css). Boxes must land where the page's own will, or the hand-over would jump.

const VIEW = `#${FIRST_VIEW_ID}`;
const DISPLAY = "'Cormorant Garamond Variable', 'Times New Roman', serif";

export const FIRST_VIEW_STYLE = `
${VIEW}, ${VIEW} * { box-sizing: border-box; }
${VIEW} { font-family: 'Inter Variable', system-ui, -apple-system, 'Segoe UI', sans-serif; font-size: 1rem; line-height: 1.6; color: #1f1b16; }
${VIEW} img { display: block; max-width: 100%; width: 100%; height: 100%; object-fit: cover; }
${VIEW} h1, ${VIEW} h2, ${VIEW} h3 { font-family: ${DISPLAY}; font-weight: 600; line-height: 1.2; margin: 0; }
${VIEW} a { color: inherit; }
.fv-hero { background: linear-gradient(120deg, #f6eee2 0%, #fbf8f3 55%, #efe4d3 100%); padding-bottom: 1.5rem; }
.fv-slide { max-width: 1200px; margin: 0 auto; padding: 3rem 2rem 1.5rem; display: grid; grid-template-columns: minmax(0, 1.1fr) minmax(0, 0.9fr); gap: 3rem; align-items: center; min-height: 520px; }
.fv-text { display: flex; flex-direction: column; align-items: flex-start; gap: 1rem; }
.fv-eyebrow { margin: 0 0 0.5rem; color: #6f5423; font-size: 0.75rem; font-weight: 600; letter-spacing: 0.18em; text-transform: uppercase; }
${VIEW} .fv-title { font-size: clamp(2.25rem, 5vw, 3.75rem); line-height: 1.05; }
.fv-lead { margin: 0; max-width: 46ch; color: #5d554b; font-size: 1.125rem; }
.fv-button { display: inline-flex; align-items: center; min-height: 44px; padding: 0 1.5rem; border-radius: 999px; background: #1f1b16; color: #fff !important; font-size: 0.875rem; font-weight: 500; letter-spacing: 0.04em; text-transform: uppercase; text-decoration: none; }
.fv-hero-media { justify-self: center; width: min(100%, 380px); aspect-ratio: 600 / 778; border-radius: 200px 200px 16px 16px; overflow: hidden; box-shadow: 0 12px 40px rgba(31, 27, 22, 0.14); background: #f3ede4; }
.fv-shop { max-width: 1200px; margin: 0 auto; padding: 3rem 1.5rem; display: grid; grid-template-columns: 260px minmax(0, 1fr); gap: 3rem; align-items: start; }
.fv-toolbar { height: 40px; margin-bottom: 1.5rem; }
.fv-grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 2rem 1.5rem; }
.fv-card { display: flex; flex-direction: column; gap: 0.75rem; min-width: 0; }
.fv-media { position: relative; }
.fv-badge { align-self: flex-start; padding: 2px 0.75rem; border-radius: 999px; background: #1f1b16; color: #fff; font-size: 0.75rem; letter-spacing: 0.08em; text-transform: uppercase; }
.fv-media .fv-badge { position: absolute; top: 0.75rem; left: 0.75rem; }
.fv-summary { display: flex; flex-direction: column; gap: 1rem; }
.fv-media, .fv-stage { display: block; overflow: hidden; border-radius: 8px; background: #f3ede4; aspect-ratio: 600 / 778; }
${VIEW} .fv-card h3 { font-size: 1.125rem; line-height: 1.3; }
.fv-card h3 a { text-decoration: none; }
.fv-page { max-width: 1200px; margin: 0 auto; padding: 3rem 1.5rem; }
.fv-top { display: grid; grid-template-columns: minmax(0, 0.9fr) minmax(0, 1.1fr); gap: 4rem; align-items: start; }
${VIEW} .fv-page h1 { font-size: 2.75rem; }
@media (max-width: 1024px) { .fv-shop { grid-template-columns: 220px minmax(0, 1fr); gap: 2rem; } }
@media (max-width: 900px) { .fv-top { grid-template-columns: minmax(0, 1fr); gap: 2rem; } ${VIEW} .fv-page h1 { font-size: 2rem; } }
@media (max-width: 767px) {
  .fv-slide { grid-template-columns: minmax(0, 1fr); padding: 1.5rem 1rem 1rem; gap: 1.5rem; min-height: 0; }
  .fv-hero-media { order: -1; width: min(70%, 260px); }
  .fv-shop { grid-template-columns: minmax(0, 1fr); padding: 1.5rem 1rem; }
  .fv-sidebar { display: none; }
  .fv-page { padding: 1.5rem 1rem; }
  /* As the gallery's stage on a phone (Gallery.module.css, issue 38): price and Add to cart on the first screen. */
  .fv-stage { aspect-ratio: auto; height: min(calc((100vw - 2rem) * 778 / 600), 40vh); }
}
@media (max-width: 560px) { .fv-grid { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 1.5rem 0.75rem; } }
`.replace(/\n\s*/g, ' ').trim();
