// The invoice's font (issue 39): DejaVu Sans from npm (@fontsource/dejavu-sans: the whole font in one
// file, €, £, ₹ and accents included), never a system font. Fontsource ships it as WOFF, whose tables
// fontkit inflates again at every read (a glyph's outline, a kerning lookup): 12-14 s per invoice.
// Unwrapped once into the plain TrueType file it was made from, the same font takes milliseconds.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { create, type Font } from 'fontkit';

/** A WOFF 1.0 file's font as the TrueType/OpenType (sfnt) file it wraps: each table inflated, same order, same checksums. */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('ascii', 0, 4) !== 'wOFF') throw new Error('not a WOFF file');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const [tag, offset, compLength, origLength, checksum] = [woff.readUInt32BE(at), woff.readUInt32BE(at + 4), woff.readUInt32BE(at + 8), woff.readUInt32BE(at + 12), woff.readUInt32BE(at + 16)];
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? zlib.inflateSync(stored) : stored;
    if (data.length !== origLength) throw new Error('a WOFF table does not inflate to its length');
    return { tag, checksum, data };
  });
  const pad = (n: number) => (n + 3) & ~3;
  const headerLength = 12 + numTables * 16;
  const out = Buffer.alloc(headerLength + tables.reduce((s, t) => s + pad(t.data.length), 0));
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = headerLength;
  tables.forEach((t, i) => {
    const at = 12 + i * 16;
    out.writeUInt32BE(t.tag, at);
    out.writeUInt32BE(t.checksum, at + 4);
    out.writeUInt32BE(offset, at + 8);
    out.writeUInt32BE(t.data.length, at + 12);
    t.data.copy(out, offset);
    offset += pad(t.data.length);
  });
  return out;
}

/** pdfkit's font in one document (its EmbeddedFont): what prepare() reaches into. */
export interface EmbeddedFace {
  layoutCache?: Record<string, unknown>;
  encode(text: string): unknown;
  /** Per glyph of the subset (its index there): its width and the characters it writes. */
  widths: number[];
  unicode: number[][];
  subset: { glyphs: number[]; mapping: Record<number, number>; encode(): Buffer };
  embed(): unknown;
  document: { ref(data?: Record<string, unknown>): unknown };
}

/** One face of the invoice: the parsed font, and what every document's use of it shares. */
export interface InvoiceFace {
  font: Font;
  /** Called on a new document's font before it draws anything (pdf.ts). */
  prepare(embedded: EmbeddedFace): void;
}

// What an invoice can write in the common case: printable ASCII, Latin-1 (nbsp, accents, £), the
// currencies' signs and the punctuation of money and dates in both languages. Each a word of its own,
// so no ligature hides a letter.
const COMMON = [
  ...Array.from({ length: 0x7f - 0x21 }, (_, i) => String.fromCharCode(0x21 + i)),
  ...Array.from({ length: 0x100 - 0xa0 }, (_, i) => String.fromCharCode(0xa0 + i)),
  '€', '₹', '·', '–', '—', '‘', '’', '“', '”', '…', '\u202f',
].join(' ');
/** Text runs laid out, per face, shared by all documents: past this many the face starts a new set. */
const MAX_RUNS = 10_000;
/** Font subsets kept, per face (~20 KB each, compressed): in the common case there is one. */
const MAX_SUBSETS = 16;

/**
 * Makes an invoice's font cost little per document. pdfkit lays every word out with fontkit's shaping
 * (GSUB/GPOS lookups) and embeds a subset of the font made for the document's own glyphs, each time
 * (together ~70 % of an invoice's CPU, ~20 ms of it on a busy two-core host). Here every document of a
 * face shares one cache of laid-out words (a word is laid out the same in every document of the face),
 * and begins its subset with the same glyphs in the same order (COMMON), so every invoice written in
 * those glyphs embeds the same subset: made once and kept. A document with a glyph outside them (a name
 * in another script) gets a subset of its own, kept among the last few. A kept subset is kept deflated,
 * as the PDF carries it: pdfkit's embed() takes its first reference for the font file, which is made
 * with its filter already set, so pdfkit writes the bytes as they are instead of deflating them again.
 * The PDF's text and look do not change; its font file carries ~200 glyphs rather than only those used.
 */
function face(weight: 400 | 700): InvoiceFace {
  const font = create(woffToSfnt(fs.readFileSync(require.resolve(`@fontsource/dejavu-sans/files/dejavu-sans-latin-${weight}-normal.woff`)))) as Font;
  let runs: Record<string, unknown> = Object.create(null);
  let runCount = 0;
  const counted = () => {
    const target: Record<string, unknown> = Object.create(null);
    return new Proxy(target, {
      set(t, key: string, value) {
        if (!(key in t)) runCount++;
        t[key] = value;
        return true;
      },
    });
  };
  runs = counted();
  const subsets = new Map<string, Buffer>();
  /** The subset's start every document shares: COMMON's glyphs, laid out by the first document. */
  let seed: Pick<EmbeddedFace, 'widths' | 'unicode'> & Pick<EmbeddedFace['subset'], 'glyphs' | 'mapping'> | undefined;
  return {
    font,
    prepare(embedded) {
      if (runCount > MAX_RUNS) {
        runs = counted();
        runCount = 0;
      }
      embedded.layoutCache = runs;
      const { subset, document } = embedded;
      if (seed) {
        subset.glyphs = seed.glyphs.slice();
        subset.mapping = { ...seed.mapping };
        embedded.widths = seed.widths.slice();
        embedded.unicode = seed.unicode.slice();
      } else {
        embedded.encode(COMMON);
        seed = { glyphs: subset.glyphs.slice(), mapping: { ...subset.mapping }, widths: embedded.widths.slice(), unicode: embedded.unicode.slice() };
      }
      const own = subset.encode.bind(subset);
      subset.encode = () => {
        const key = subset.glyphs.join(',');
        let bytes = subsets.get(key);
        if (bytes) {
          subsets.delete(key);
        } else {
          bytes = zlib.deflateSync(own());
          if (subsets.size >= MAX_SUBSETS) subsets.delete(subsets.keys().next().value!);
        }
        subsets.set(key, bytes);
        return bytes;
      };
      const embed = embedded.embed.bind(embedded);
      embedded.embed = () => {
        const ref = document.ref;
        document.ref = (data) => {
          document.ref = ref;
          return ref.call(document, { ...data, Filter: 'FlateDecode' });
        };
        try {
          return embed();
        } finally {
          document.ref = ref;
        }
      };
    },
  };
}

let faces: { regular: InvoiceFace; bold: InvoiceFace } | undefined;
/**
 * The invoice's regular and bold faces, read, unwrapped and parsed once per process: pdfkit takes a
 * parsed font as it is, and the font's tables, read on the first invoice, serve the next ones (~250 ms
 * per invoice when each parsed its own).
 */
export const invoiceFaces = () => (faces ??= { regular: face(400), bold: face(700) });
