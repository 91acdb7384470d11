import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { badRequest, HttpError } from '../lib/errors.js';
import { makeImageCopies } from '../static/imageCopies.js';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES = 10;

/** The image type by its bytes (magic numbers), never by its name. */
export function detectImageType(buf: Buffer): 'jpeg' | 'png' | 'gif' | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (buf.length >= 6 && (buf.subarray(0, 6).toString('latin1') === 'GIF87a' || buf.subarray(0, 6).toString('latin1') === 'GIF89a')) return 'gif';
  return null;
}

/**
 * Checks and stores one upload under uploadsDir; answers the relative path (uploads/x.jpg).
 * JPEG and PNG are decoded and re-encoded (drops metadata and anything hidden after the image,
 * caps the size at 1600 px); GIF is kept as sent (animation) once sharp can read it. Its copies at
 * the shop's widths and as WebP are made too (static/imageCopies.ts).
 */
export async function storeImage(uploadsDir: string, buf: Buffer, filename = 'image'): Promise<string> {
  if (buf.length > MAX_IMAGE_BYTES) throw new HttpError(413, `${filename} is larger than 5 MB`);
  const type = detectImageType(buf);
  if (!type) throw new HttpError(415, `${filename} is not a JPEG, PNG or GIF image`);
  let out: Buffer;
  try {
    const meta = await sharp(buf, { limitInputPixels: 50_000_000 }).metadata();
    if (!meta.width || !meta.height) throw new Error('no size');
    if (type === 'gif') out = buf;
    else {
      const img = sharp(buf, { limitInputPixels: 50_000_000 }).rotate().resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true });
      out = type === 'jpeg' ? await img.jpeg({ quality: 85, mozjpeg: true }).toBuffer() : await img.png().toBuffer();
    }
  } catch {
    throw badRequest(`${filename} could not be read as an image`);
  }
  const name = `${randomUUID()}.${type === 'jpeg' ? 'jpg' : type}`;
  await fs.mkdir(uploadsDir, { recursive: true });
  const file = path.join(uploadsDir, name);
  await fs.writeFile(file, out);
  // The sizes and WebP copies pages will ask for, made now so no visitor waits for one (a failure
  // here only leaves them to be made on first request).
  await makeImageCopies(path.resolve(uploadsDir), path.resolve(file)).catch(() => undefined);
  return `uploads/${name}`;
}
