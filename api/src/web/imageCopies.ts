import fs from 'node:fs';
import path from 'node:path';
import { IMAGE_WIDTHS, type ImageWidth } from '@shop/contract';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../lib/imageLimits.js';

// The copies of an uploaded photo that pages ask for (staticFiles.ts): at the widths a page shows
// it, and as WebP for browsers that take it. Each is made once, with sharp, and kept beside the
// originals under uploads/.sized/<width or full>/; a new upload has all of them made at once
// (catalog/images.ts), so no visitor waits for one.

/** Whether `?w=` asks for one of the contract's IMAGE_WIDTHS (`/uploads/x.jpg?w=320`). */
export const isImageWidth = (width: number): width is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(width);

/** JPEG and PNG go as WebP when the browser takes it; GIFs stay GIFs (they may move). */
export const convertsToWebp = (file: string) => /\.(jpe?g|png)$/i.test(file);
export const resizable = (file: string) => /\.(jpe?g|png|gif)$/i.test(file);

/** Copies being made now, so two requests for the same one make it once (and never write the same temp file). */
const making = new Map<string, Promise<string>>();

/** The path of file's copy (file under root) at width (null: full size), as WebP or in its own format: made on first use. */
export function imageCopy(root: string, file: string, width: number | null, webp: boolean): Promise<string> {
  const copy = path.join(root, '.sized', width === null ? 'full' : String(width), path.relative(root, file) + (webp ? '.webp' : ''));
  if (fs.existsSync(copy)) return Promise.resolve(copy);
  let job = making.get(copy);
  if (!job) {
    job = (async () => {
      fs.mkdirSync(path.dirname(copy), { recursive: true });
      const temp = `${copy}.${process.pid}.tmp`;
      // The upload's own bound (catalog/images.ts): a file put there before it existed cannot make a
      // copy cost gigabytes; sharp refuses it and the request gets the original's refusal instead.
      let image = sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS });
      if (width !== null) image = image.resize({ width, withoutEnlargement: true });
      await (webp ? image.webp({ quality: 80 }) : image).toFile(temp);
      fs.renameSync(temp, copy); // atomic: other processes never see half a file
      return copy;
    })().finally(() => making.delete(copy));
    making.set(copy, job);
  }
  return job;
}

/** Every copy a page may ask of an upload (root/file): each width in its own format and as WebP, and full size as WebP. */
export async function makeImageCopies(root: string, file: string): Promise<void> {
  if (!resizable(file)) return;
  const webp = convertsToWebp(file);
  await Promise.all([
    ...IMAGE_WIDTHS.flatMap((w) => [imageCopy(root, file, w, false), ...(webp ? [imageCopy(root, file, w, true)] : [])]),
    ...(webp ? [imageCopy(root, file, null, true)] : []),
  ]);
}
