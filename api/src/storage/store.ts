import path from 'node:path';
import type { Readable } from 'node:stream';

// Where uploads and their copies live: one seam, two places. Local disk under DATA_DIR/uploads (the
// embedded default) or an S3-compatible bucket (S3_BUCKET), which every API process shares. Keys are
// paths relative to the uploads folder (`x.jpg`, `.sized/320/x.jpg`); the store is the only truth of
// what exists, so a copy one process made is found by every other.

/** What is known of a stored file without reading it. */
export interface FileInfo {
  size: number;
  type: string;
  etag: string;
  lastModified: Date;
}

/** A file as get answers it: its bytes, or none when it still matches the ETag the client has (a 304). */
export type StoredFile = (FileInfo & { body: Readable }) | { etag: string; body: null };

export interface FileStore {
  readonly kind: 'disk' | 's3';
  /** Writes key whole (a reader never sees half a file). */
  put(key: string, bytes: Buffer, type: string): Promise<void>;
  /** key's bytes as a stream, or null when there is none; with ifNoneMatch equal to its ETag, no bytes. */
  get(key: string, ifNoneMatch?: string): Promise<StoredFile | null>;
  head(key: string): Promise<FileInfo | null>;
  /** Deletes the keys that exist; missing ones are no error. */
  delete(keys: string[]): Promise<void>;
  /** Every key starting with prefix ('' for all). */
  list(prefix: string): AsyncIterable<string>;
  /** The file of key on this machine's disk (the disk store), or null (a bucket). */
  localPath?(key: string): string;
  /** Where browsers may fetch key directly (S3_PUBLIC_URL), or null: the shop streams it. */
  publicUrl(key: string): string | null;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
};
/** A key's content type, by its extension (uploads are checked by their bytes when written). */
export const typeOf = (key: string) => TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';

/** A URL path decoded and normalised so it can never climb out of where it is served ('..' stops at the root), or null. */
export function normalizedPath(urlPath: string): string | null {
  let rel: string;
  try {
    rel = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  return rel.includes('\0') ? null : path.posix.normalize(`/${rel}`).slice(1);
}

/** A key from a URL's path under /uploads/, or null (no file named). */
export function keyOfPath(urlPath: string): string | null {
  const key = normalizedPath(urlPath);
  return key && !key.endsWith('/') ? key : null;
}

/** The key of an image URL as products keep it (`uploads/x.jpg`, `/uploads/x.jpg`), or null for any other URL. */
export const keyOfImageUrl = (url: string): string | null => (/^\/?uploads\//.test(url) ? keyOfPath(url.replace(/^\/?uploads\//, '')) : null);

/** A stored file's bytes, or null. */
export async function readBytes(store: FileStore, key: string): Promise<Buffer | null> {
  const file = await store.get(key);
  if (!file?.body) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
