import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

// The front ends' scripts and styles (dist/ and the releases' files) compressed once per file version
// and kept, instead of by @fastify/compress's stream on every request: the same JS file went through
// brotli for every visitor (issue 36: "release files served as fast as dist/", both were slow alike).
// Compressed off the event loop (zlib's thread pool), at brotli's best quality: it is paid once per
// file and every visitor downloads fewer bytes.

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|json|html|svg|map|txt|webmanifest)$/i;
/** Larger files (source maps of big bundles) go through the stream, not into memory. */
export const MAX_KEPT_FILE = 4 * 1024 * 1024;
/**
 * Memory for kept bodies. The shell and four remotes come to ~1.5 MB compressed in both encodings, a
 * canary beside each stable doubles it: 24 MB holds several release sets, and the oldest goes first.
 */
const BUDGET_BYTES = 24 * 1024 * 1024;

export type AssetEncoding = 'br' | 'gzip';

export const isCompressibleAsset = (file: string, size: number) => size <= MAX_KEPT_FILE && COMPRESSIBLE.test(file);

export function compress(bytes: Buffer, encoding: AssetEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : gzipAsync(bytes, { level: 9 });
}

/** Kept compressed bodies by version (a file's path and ETag, or an immutable release key), least recently used dropped first. */
export class CompressedAssets {
  private readonly kept = new Map<string, Buffer>();
  private readonly making = new Map<string, Promise<Buffer>>();
  private bytes = 0;

  constructor(private readonly budget = BUDGET_BYTES) {}

  /** The body of version `id` in `encoding`: kept, being made (one compression however many ask at once), or made now from load(). */
  async body(id: string, encoding: AssetEncoding, load: () => Promise<Buffer>): Promise<Buffer> {
    const key = `${encoding}\u0000${id}`;
    const kept = this.kept.get(key);
    if (kept) {
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept;
    }
    let made = this.making.get(key);
    if (!made) {
      made = load().then((bytes) => compress(bytes, encoding));
      this.making.set(key, made);
      made.then(
        (body) => this.keep(key, body),
        () => undefined,
      ).finally(() => this.making.delete(key));
    }
    return made;
  }

  /** Bytes held, for tests and metrics. */
  get size(): number {
    return this.bytes;
  }

  private keep(key: string, body: Buffer) {
    if (body.length > this.budget) return;
    this.kept.set(key, body);
    this.bytes += body.length;
    for (const [oldest, b] of this.kept) {
      if (this.bytes <= this.budget) break;
      this.kept.delete(oldest);
      this.bytes -= b.length;
    }
  }
}
