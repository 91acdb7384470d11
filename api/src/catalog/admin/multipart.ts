import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../lib/errors.js';
import { checkImage, MAX_IMAGES, type CheckedImage } from './images.js';

/**
 * Reads a multipart form: text fields, and the files of field `images`, each checked
 * (images.ts: checkImage). Nothing is written: the caller stores them (storeImages) once the rest of
 * the request is known to be good, so a refused request leaves no file behind.
 */
export async function readProductForm(req: FastifyRequest): Promise<{ fields: Record<string, string>; images: CheckedImage[] }> {
  if (!req.isMultipart()) throw new HttpError(415, 'Expected multipart/form-data');
  const fields: Record<string, string> = {};
  const buffers: Array<{ buf: Buffer; name: string }> = [];
  try {
    await collect();
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status < 500) throw err;
    throw badRequest(`Malformed multipart body: ${(err as Error).message}`);
  }
  async function collect() {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const buf = await part.toBuffer();
        if (part.fieldname !== 'images' && part.fieldname !== 'images[]') continue; // e.g. videos: not stored
        if (!buf.length) continue;
        if (buffers.length >= MAX_IMAGES) throw badRequest(`At most ${MAX_IMAGES} images per request`);
        buffers.push({ buf, name: part.filename || 'image' });
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  }
  // One at a time: each may decode up to MAX_IMAGE_PIXELS.
  const images: CheckedImage[] = [];
  for (const { buf, name } of buffers) images.push(await checkImage(buf, name));
  return { fields, images };
}

/** A form field holding JSON (or, for lists of strings, a comma list). */
export function jsonField<T>(fields: Record<string, string>, name: string, fallback: T, commaList = false): T {
  const raw = fields[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  try {
    return JSON.parse(raw) as T;
  } catch {
    if (commaList) return raw.split(',').map((s) => s.trim()).filter(Boolean) as T;
    throw badRequest(`${name} must be valid JSON`);
  }
}
