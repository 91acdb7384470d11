import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { badRequest, HttpError } from '../../lib/errors.js';
import { MAX_IMAGE_FRAMES, MAX_IMAGE_PIXELS } from '../../lib/imageLimits.js';
import { type FileStore, typeOf } from '../../storage/index.js';
import { makeImageCopies } from '../../web/index.js';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES = 10;

/** The image type by its bytes (magic numbers), never by its name. */
export function detectImageType(buf: Buffer): 'jpeg' | 'png' | 'gif' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 6 && (buf.subarray(0, 6).toString('latin1') === 'GIF87a' || buf.subarray(0, 6).toString('latin1') === 'GIF89a')) return 'gif';
  return null;
}

/** An upload that passed every check, re-encoded and ready to be written. */
export interface CheckedImage {
  name: string;
  type: 'jpeg' | 'png' | 'gif';
  bytes: Buffer;
}

/**
 * Checks one upload by its bytes: type, size, and MAX_IMAGE_PIXELS / MAX_IMAGE_FRAMES read from its
 * header before anything is decoded; then decodes and re-encodes it (metadata and anything hidden
 * after the image go, the size is capped at 1600 px, a GIF keeps its frames). Writes nothing.
 */
export async function checkImage(buf: Buffer, filename = 'image'): Promise<CheckedImage> {
  if (buf.length > MAX_IMAGE_BYTES) throw new HttpError(413, `${filename} is larger than 5 MB`);
  const type = detectImageType(buf);
  if (!type) throw new HttpError(415, `${filename} is not a JPEG, PNG or GIF image`);
  const meta = await sharp(buf, { limitInputPixels: false }).metadata().catch(() => null);
  if (!meta?.width || !meta.height) throw badRequest(`${filename} could not be read as an image`);
  const frames = type === 'gif' ? Math.max(1, meta.pages ?? 1) : 1;
  if (frames > MAX_IMAGE_FRAMES) throw badRequest(`${filename} has ${frames} frames; at most ${MAX_IMAGE_FRAMES} are accepted`);
  if (meta.width * meta.height * frames > MAX_IMAGE_PIXELS) {
    throw badRequest(`${filename} is too large (${meta.width} x ${meta.height}${frames > 1 ? ` x ${frames} frames` : ''}); at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels are accepted`);
  }
  try {
    const img = sharp(buf, { limitInputPixels: MAX_IMAGE_PIXELS, animated: type === 'gif' }).rotate().resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true });
    const bytes = type === 'jpeg' ? await img.jpeg({ quality: 85, mozjpeg: true }).toBuffer() : type === 'png' ? await img.png().toBuffer() : await img.gif().toBuffer();
    return { name: filename, type, bytes };
  } catch {
    throw badRequest(`${filename} could not be read as an image`);
  }
}

/** Writes a checked upload and its copies to the file store; answers its path (uploads/x.jpg). */
export async function storeImage(files: FileStore, image: CheckedImage): Promise<string> {
  const key = `${randomUUID()}.${image.type === 'jpeg' ? 'jpg' : image.type}`;
  await files.put(key, image.bytes, typeOf(key));
  // The sizes and WebP copies pages will ask for, made now so no visitor waits for one (a failure
  // here only leaves them to be made on first request).
  await makeImageCopies(files, key, image.bytes).catch(() => undefined);
  return `uploads/${key}`;
}

/** Writes checked uploads; answers their paths (uploads/x.jpg), in order. */
export async function storeImages(files: FileStore, images: CheckedImage[]): Promise<string[]> {
  const paths: string[] = [];
  for (const image of images) paths.push(await storeImage(files, image));
  return paths;
}
