// CSV for the back office's exports (issue 19): RFC 4180 cells, UTF-8 with a byte-order mark (so
// spreadsheet programs read accents and symbols right), CRLF lines, written to the reply as the rows
// are read, page after page, never the whole file in memory.
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export type CsvCell = string | number | boolean | null | undefined;

/** Text a spreadsheet would run as a formula (=, +, -, @, or a tab or return before one): shown as text instead. */
const FORMULA = /^[=+\-@\t\r]/;

/** One cell: quoted when it holds a quote, comma or line break (quotes doubled); text that reads as a formula gets a leading apostrophe. */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = FORMULA.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly CsvCell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** "orders-2026-11-27.csv": the export's name with today's date (UTC). */
export const datedFilename = (name: string, now = new Date()) => `${name}-${now.toISOString().slice(0, 10)}.csv`;

/**
 * Answers a CSV download: the header row, then every page of rows as it is read. The first page is
 * read before the answer starts, so a refused query (a bad parameter, the database away) is still
 * answered with its status and { message }; later pages are read only as the client takes the bytes
 * (the stream's back-pressure), one page at a time.
 */
export async function sendCsv(reply: FastifyReply, filename: string, header: readonly string[], pages: AsyncIterator<CsvCell[][]>): Promise<FastifyReply> {
  const first = await pages.next();
  async function* bytes() {
    yield Buffer.from(`\uFEFF${csvLine(header)}`, 'utf8');
    let page = first;
    while (!page.done) {
      yield Buffer.from(page.value.map(csvLine).join(''), 'utf8');
      page = await pages.next();
    }
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(bytes(), { objectMode: false }));
}

/** A CSV route's success answer, for its schema (the OpenAPI document shows it as text/csv). */
export const csvAnswer = (description: string) => ({ 200: { description, content: { 'text/csv': { schema: { type: 'string' } } } } }) as const;
