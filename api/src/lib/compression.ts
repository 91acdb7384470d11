import { brotliCompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';

// Answers that are sent many times unchanged (catalogue answers, the shop's pages) are compressed
// once and kept, instead of by @fastify/compress's stream on every request (a page: 5,090 -> 1,825
// req/s with brotli on).

/** Bytes kept uncompressed, and each compressed form once asked for. */
export interface Compressible {
  bytes: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  /** The encodings made quickly (quality 1) the first time, to be made well when the body is sent again (encodedSoonThenWell). */
  quick?: { br?: boolean; gzip?: boolean };
}

/** Bodies smaller than this go as they are: compressing them saves too little. */
const MIN_COMPRESSED = 1024;

/** Per encoding: named in an Accept-Encoding header, and not with q=0. Made once: they run on every answer. */
const TAKES = Object.fromEntries((['br', 'gzip'] as const).map((e) => [e, new RegExp(`\\b${e}\\b(?!;q=0(\\.0*)?\\b)`)])) as Record<'br' | 'gzip', RegExp>;
const accepts = (acceptEncoding: string | string[] | undefined, encoding: 'br' | 'gzip') => TAKES[encoding].test(String(acceptEncoding ?? ''));

/** The encoding to send for an Accept-Encoding header (brotli first), or null: small bodies go as they are. */
export function pickEncoding(acceptEncoding: string | string[] | undefined, length: number): 'br' | 'gzip' | null {
  if (length < MIN_COMPRESSED) return null;
  return accepts(acceptEncoding, 'br') ? 'br' : accepts(acceptEncoding, 'gzip') ? 'gzip' : null;
}

/**
 * A copy that holds only its own bytes. zlib's sync calls answer a view of their 16 KB output chunk,
 * so a kept 800-byte gzip would hold 16 KB of memory (100,000 product pages: 1.7 GB instead of 120 MB).
 */
const exactCopy = (buf: Buffer): Buffer => {
  const out = Buffer.allocUnsafeSlow(buf.length);
  buf.copy(out);
  return out;
};

const compress = (bytes: Buffer, encoding: 'br' | 'gzip', quick: boolean): Buffer =>
  exactCopy(
    encoding === 'br'
      ? brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: quick ? 1 : 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
      : gzipSync(bytes, { level: quick ? 1 : constants.Z_DEFAULT_COMPRESSION }),
  );

/** The body in that encoding, made on first use and kept on the entry. */
export function encoded(entry: Compressible, encoding: 'br' | 'gzip'): Buffer {
  const kept = entry[encoding];
  if (kept && !entry.quick?.[encoding]) return kept;
  const made = compress(entry.bytes, encoding, false);
  entry[encoding] = made;
  if (entry.quick) entry.quick[encoding] = false;
  return made;
}

/**
 * The body in that encoding for a body that may be sent once only (a product page among 100,000, read by
 * Zipf's law: most are asked for once in a while): made quickly the first time (brotli quality 1: an
 * 8 KB product page in ~55 us and 2.96 KB, against ~185 us and 2.40 KB at quality 5, bench/README.md
 * 2026-11-30), and well when it is sent again (then it is one of the pages read often).
 */
export function encodedSoonThenWell(entry: Compressible, encoding: 'br' | 'gzip'): Buffer {
  if (entry[encoding]) return encoded(entry, encoding);
  const made = compress(entry.bytes, encoding, true);
  entry[encoding] = made;
  entry.quick = { ...entry.quick, [encoding]: true };
  return made;
}

/**
 * A catalogue answer kept for many requests, compressed once as gzip only: every browser takes gzip,
 * and brotli would save just 6-10 % on catalogue JSON (a product 789 -> 741 bytes, a page of 12
 * products 3.8 -> 3.5 KB) for a second copy in memory, where a whole catalogue's product pages are
 * meant to fit (catalog/memory/productPages.ts). Bodies too small to be worth compressing stay as they are.
 */
export interface KeptBody {
  body: Buffer;
  gzipped: boolean;
}

export const keepBody = (bytes: Buffer): KeptBody => (bytes.length < MIN_COMPRESSED ? { body: exactCopy(bytes), gzipped: false } : { body: exactCopy(gzipSync(bytes)), gzipped: true });

/** The kept body as the client takes it: gzipped, or unzipped for a client that takes no gzip (rare: scripts, bots). */
export function keptFor(kept: KeptBody, acceptEncoding: string | string[] | undefined): { body: Buffer; encoding: 'gzip' | null } {
  if (!kept.gzipped) return { body: kept.body, encoding: null };
  return accepts(acceptEncoding, 'gzip') ? { body: kept.body, encoding: 'gzip' } : { body: gunzipSync(kept.body), encoding: null };
}
