import { IMAGE_WIDTHS, type ImageWidth } from '@shop/contract';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '../lib/imageLimits.js';
import { type FileStore, readBytes, typeOf } from '../storage/index.js';

// The copies of an uploaded photo that pages ask for (staticFiles.ts): at the widths a page shows
// it, and as WebP for browsers that take it. Each is made once, with sharp, and kept in the file store
// beside the originals under .sized/<width or full>/; a new upload has all of them made at once
// (catalog/admin/images.ts), so no visitor waits for one. The store says what exists: a copy one API
// process made is found by the others (no list of them is kept in memory).

/** Whether `?w=` asks for one of the contract's IMAGE_WIDTHS (`/uploads/x.jpg?w=320`). */
export const isImageWidth = (width: number): width is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(width);

/** JPEG and PNG go as WebP when the browser takes it; GIFs stay GIFs (they may move). */
export const convertsToWebp = (file: string) => /\.(jpe?g|png)$/i.test(file);
export const resizable = (file: string) => /\.(jpe?g|png|gif)$/i.test(file);

/** The key of key's copy at width (null: full size), as WebP or in its own format. */
export const copyKey = (key: string, width: number | null, webp: boolean) => `.sized/${width === null ? 'full' : width}/${key}${webp ? '.webp' : ''}`;

/** Every copy key may have: deleting an image deletes them all. */
export const copyKeysOf = (key: string): string[] => [...IMAGE_WIDTHS, null].flatMap((w) => [copyKey(key, w, false), copyKey(key, w, true)]);

/** Copies being made by this process now, so two requests for the same one make it once. */
const making = new Map<string, Promise<string | null>>();

/**
 * Makes key's copy from its bytes (read from the store when not given) and stores it; answers the
 * copy's key, or null when there is no original. Throws when sharp refuses the original.
 */
export function makeCopy(store: FileStore, key: string, width: number | null, webp: boolean, original?: Buffer): Promise<string | null> {
  const copy = copyKey(key, width, webp);
  let job = making.get(copy);
  if (!job) {
    job = (async () => {
      const bytes = original ?? (await readBytes(store, key));
      if (!bytes) return null;
      // The upload's own bound (catalog/admin/images.ts): a file put there before it existed cannot make a
      // copy cost gigabytes; sharp refuses it and the request gets the original instead.
      let image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS });
      if (width !== null) image = image.resize({ width, withoutEnlargement: true });
      const out = await (webp ? image.webp({ quality: 80 }) : image).toBuffer();
      await store.put(copy, out, typeOf(copy));
      return copy;
    })().finally(() => making.delete(copy));
    making.set(copy, job);
  }
  return job;
}

/** key's copy, made now if the store has none yet; null when there is no original. */
export async function imageCopy(store: FileStore, key: string, width: number | null, webp: boolean): Promise<string | null> {
  const copy = copyKey(key, width, webp);
  if (await store.head(copy)) return copy;
  return makeCopy(store, key, width, webp);
}

/** Every copy a page may ask of a new upload (its bytes given): each width in its own format and as WebP, and full size as WebP. */
export async function makeImageCopies(store: FileStore, key: string, original: Buffer): Promise<void> {
  if (!resizable(key)) return;
  const webp = convertsToWebp(key);
  await Promise.all([
    ...IMAGE_WIDTHS.flatMap((w) => [makeCopy(store, key, w, false, original), ...(webp ? [makeCopy(store, key, w, true, original)] : [])]),
    ...(webp ? [makeCopy(store, key, null, true, original)] : []),
  ]);
}

/** Deletes an upload and every copy of it. */
export function deleteImageFiles(store: FileStore, key: string): Promise<void> {
  return store.delete([key, ...copyKeysOf(key)]);
}
