// The widths pictures are shown at (the `sizes` of their <img>), so phones fetch a smaller copy.
// The server preloads the two lead photos with the same values (shell/public/routes.json, kept in
// step by imageSizes.test.ts), so the browser never fetches a second copy.

/** The home hero's picture (HomePage.module.css .heroMedia). */
export const HERO_IMAGE_SIZES = '(max-width: 767px) min(70vw, 260px), 380px';

/** A product page's main photo (Gallery.module.css). */
export const GALLERY_IMAGE_SIZES = '(max-width: 768px) 100vw, 560px';

/** A product card's photo: two columns on phones, three or four on wider screens (ProductGrid.module.css). */
export const CARD_IMAGE_SIZES = '(max-width: 600px) 50vw, (max-width: 1024px) 33vw, 280px';
