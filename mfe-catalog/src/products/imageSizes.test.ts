import routes from '../../../shell/public/routes.json';
import { CARD_IMAGE_SIZES, GALLERY_IMAGE_SIZES, HERO_IMAGE_SIZES } from './imageSizes';

// The server preloads each page's largest photo with the `sizes` the shell's route table gives it
// (api/src/web/preloadHints.ts). If they differ from the <img>'s, the browser fetches a second copy.
test('the route table preloads the lead photos with the sizes their <img> elements use', () => {
  const sizesOf = (path: string) => routes.find((r) => r.path === path)?.leadImage?.sizes;
  expect(sizesOf('/')).toBe(HERO_IMAGE_SIZES);
  expect(sizesOf('/:slug')).toBe(GALLERY_IMAGE_SIZES);
  expect(sizesOf('/shop')).toBe(CARD_IMAGE_SIZES);
});
