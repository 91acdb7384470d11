import {
  IMPORT_COLUMNS, IMPORT_MAX_ROWS, IMPORT_PRICE_PREFIX, PRODUCT_BULK_MAX, PUBLISH_NEEDS, publishGaps, toMinor,
  type ImportProblem, type ImportReport, type ProductBulkAction, type ProductBulkAnswer, type ProductBulkBody,
} from '@shop/contract';
import { recordAudit } from '../../audit/service.js';
import { listCurrencies } from '../../currencies/service.js';
import type { Db, Queryable } from '../../db/client.js';
import { existingDiscountIds, getDiscount } from '../../discounts/service.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { isUuid } from '../../lib/schemas.js';
import { keyOfImageUrl, type FileStore } from '../../storage/index.js';
import { slugify } from '../admin/service.js';
import { parseCsv } from './csv.js';
import * as Q from './queries.js';

// The back office's work on many products at once (issue 19): publishing, bulk actions, the CSV
// import. Each is one transaction, its audit entries written in it: all or nothing.

/**
 * One action on many products (POST /product/bulk): every id must be a product (else 400 naming the
 * unknown ones, and nothing changes); answers how many the action changed. The catalogue's triggers
 * bump its version once per statement, so the storefront and its memory follow at once.
 */
export function bulkAction(db: Db, body: ProductBulkBody, actorId: string): Promise<ProductBulkAnswer> {
  const ids = [...new Set(body.ids.map((id) => id.toLowerCase()))];
  if (!ids.length) throw badRequest('ids must name at least one product');
  if (ids.length > PRODUCT_BULK_MAX) throw badRequest(`At most ${PRODUCT_BULK_MAX} products at once`);
  const bad = ids.filter((id) => !isUuid(id));
  if (bad.length) throw badRequest(`Unknown products: ${bad.slice(0, 10).join(', ')}`);
  const withDiscount = body.action === 'addDiscount' || body.action === 'removeDiscount';
  if (withDiscount && !body.discountId) throw badRequest(`discountId is required for ${body.action}`);
  return db.tx(async (q) => {
    const found = await Q.lockProducts(q, ids);
    const known = new Set(found.map((p) => p.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw badRequest(`Unknown products: ${unknown.slice(0, 10).join(', ')}${unknown.length > 10 ? ` and ${unknown.length - 10} more` : ''}`);
    if (withDiscount && !(await existingDiscountIds(q, [body.discountId!])).length) throw badRequest(`Unknown discount: ${body.discountId}`);
    const changed = await apply(q, body.action, ids, body.discountId);
    const byId = new Map(found.map((p) => [p.id, p]));
    // The log names the discount by its title, not its id (issue 38, 18).
    const discount = withDiscount ? (await getDiscount(q, body.discountId!)).title : undefined;
    for (const id of changed) await recordAudit(q, { actorId, entity: 'product', entityId: id, ...auditOf(body.action, byId.get(id)!, discount) });
    return { action: body.action, count: changed.length };
  });
}

function apply(q: Queryable, action: ProductBulkAction, ids: string[], discountId?: string): Promise<string[]> {
  switch (action) {
    case 'delete':
      return Q.deleteProducts(q, ids);
    case 'publish':
      return Q.setPublished(q, ids, true);
    case 'unpublish':
      return Q.setPublished(q, ids, false);
    case 'addDiscount':
      return Q.addDiscount(q, ids, discountId!);
    case 'removeDiscount':
      return Q.removeDiscount(q, ids, discountId!);
  }
}

/** What the audit log says of one product's change. */
/** A bulk action's entry; each side names the product by its title (issue 38: the log never shows a bare id). */
function auditOf(action: ProductBulkAction, p: Q.ProductStateRow, discount?: string) {
  const title = p.title;
  switch (action) {
    case 'delete':
      return { action: 'delete' as const, before: { title, published: p.published } };
    case 'publish':
      return { action: 'publish' as const, before: { title, published: false }, after: { title, published: true } };
    case 'unpublish':
      return { action: 'update' as const, before: { title, published: true }, after: { title, published: false } };
    case 'addDiscount':
      return { action: 'update' as const, before: { title, discount: null }, after: { title, discount } };
    case 'removeDiscount':
      return { action: 'update' as const, before: { title, discount }, after: { title, discount: null } };
  }
}

const PUBLISHED_WORDS: Record<string, boolean> = { '': true, true: true, yes: true, '1': true, published: true, false: false, no: false, '0': false, draft: false };
const MAX_TITLE = 200;
const MAX_DESCRIPTION = 10_000;
const MAX_TAGS = 50;
const MAX_IMAGES = 10;
const MAX_PRICE_MINOR = toMinor(100_000_000);

/**
 * The CSV import (POST /product/import): every line checked first (each problem reported with its
 * line, its column and why); a dry run writes nothing, a real run writes every product in one
 * transaction, or nothing when any line has a problem (400 with the report).
 */
export async function importProducts(db: Db, files: FileStore, csv: string, how: { dryRun: boolean; drafts?: boolean }, actorId: string): Promise<ImportReport> {
  const { dryRun } = how;
  const drafted: number[] = [];
  const parsed = parseCsv(csv);
  if ('unclosedQuoteAt' in parsed) throw badRequest(`Line ${parsed.unclosedQuoteAt}: a quoted field is never closed`);
  const [header, ...lines] = parsed.records;
  if (!header) throw badRequest('The file is empty: its first line names the columns (title, description, tags, price_USD…, images, published)');
  if (lines.length > IMPORT_MAX_ROWS) throw badRequest(`The file has ${lines.length} products; at most ${IMPORT_MAX_ROWS} per import`);
  const columns = header.fields.map((c) => c.trim());
  const currencies = await listCurrencies(db);
  const problems: ImportProblem[] = [];
  const seen = new Set<string>();
  for (const c of columns) {
    const price = c.startsWith(IMPORT_PRICE_PREFIX) ? c.slice(IMPORT_PRICE_PREFIX.length) : null;
    if (seen.has(c)) problems.push({ line: header.line, column: c, reason: 'This column is named twice' });
    seen.add(c);
    if (price !== null ? !currencies.some((cur) => cur.code === price) : !(IMPORT_COLUMNS as readonly string[]).includes(c)) {
      const known = [...IMPORT_COLUMNS, ...currencies.map((cur) => IMPORT_PRICE_PREFIX + cur.code)].join(', ');
      problems.push({ line: header.line, column: c || '(blank)', reason: price !== null ? `No currency has the code ${price}` : `Unknown column; the columns are ${known}` });
    }
  }
  if (!columns.includes('title')) problems.push({ line: header.line, column: 'title', reason: 'The title column is required' });
  if (problems.length) return { dryRun, rows: lines.length, created: 0, problems, drafted };

  const products: Q.ImportedProduct[] = [];
  const images = new Map<string, Array<{ line: number; url: string }>>(); // key -> where it is named
  for (const { line, fields } of lines) {
    const bad = (column: string, reason: string) => problems.push({ line, column, reason });
    if (fields.length !== columns.length) {
      bad('*', `This line has ${fields.length} fields; the header has ${columns.length}`);
      continue;
    }
    const cell = (c: string) => fields[columns.indexOf(c)] ?? '';
    const title = cell('title').trim();
    if (!title) bad('title', 'A product needs a title');
    else if (title.length > MAX_TITLE) bad('title', `At most ${MAX_TITLE} characters`);
    const description = cell('description');
    if (description.length > MAX_DESCRIPTION) bad('description', `At most ${MAX_DESCRIPTION} characters`);
    const tags = [...new Set(cell('tags').split('|').map((t) => t.trim()).filter(Boolean))];
    if (tags.length > MAX_TAGS) bad('tags', `At most ${MAX_TAGS} tags`);
    if (tags.some((t) => t.length > MAX_TITLE)) bad('tags', `A tag has at most ${MAX_TITLE} characters`);
    const published = PUBLISHED_WORDS[cell('published').trim().toLowerCase()];
    if (published === undefined) bad('published', 'Write true or false (yes/no, 1/0), or leave it empty for published');
    const prices: Record<string, number> = {};
    let priced = 0; // prices written, good or not (a bad one is its own problem)
    for (const cur of currencies) {
      const column = IMPORT_PRICE_PREFIX + cur.code;
      if (!columns.includes(column)) continue;
      const text = cell(column).trim();
      if (!text) continue;
      priced++;
      if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) bad(column, 'A price is a number with at most two decimals, like 120 or 120.50');
      else if (toMinor(Number(text)) > MAX_PRICE_MINOR) bad(column, 'A price is at most 100000000');
      else prices[cur._id] = toMinor(Number(text));
    }
    const urls = [...new Set(cell('images').split('|').map((u) => u.trim()).filter(Boolean))];
    if (urls.length > MAX_IMAGES) bad('images', `At most ${MAX_IMAGES} images`);
    const imageUrls: string[] = [];
    for (const url of urls) {
      const key = keyOfImageUrl(url);
      if (!key || key.startsWith('.')) {
        bad('images', `${url} is not a path under /uploads/`);
        continue;
      }
      imageUrls.push(`uploads/${key}`);
      images.set(key, [...(images.get(key) ?? []), { line, url }]);
    }
    // The product form's rule (issue 38): a published product can be seen and bought. Lacking that, the
    // line is refused, or imported as a draft when the owner asked for drafts.
    let publish = published ?? true;
    const gaps = published ? publishGaps({ images: urls.length, prices: priced }) : [];
    if (gaps.length && how.drafts) {
      publish = false;
      drafted.push(line);
    } else {
      for (const gap of gaps) bad(gap === 'images' ? 'images' : IMPORT_PRICE_PREFIX + '*', `${PUBLISH_NEEDS[gap]}: add it, write false in published, or import such lines as drafts`);
    }
    products.push({ slug: '', title, description, tags, imageUrls, published: publish, prices });
  }
  // Every image named must be uploaded already: one look per distinct file.
  for (const [key, uses] of images) {
    if (!(await files.head(key))) for (const u of uses) problems.push({ line: u.line, column: 'images', reason: `${u.url} is not uploaded` });
  }
  problems.sort((a, b) => a.line - b.line);
  const report = { dryRun, rows: lines.length, created: 0, problems, drafted };
  if (dryRun) return report;
  if (problems.length) throw new ImportRefused(report);
  if (!products.length) throw badRequest('The file has no products: nothing to import');
  const ids = await db.tx(async (q) => {
    await giveSlugs(q, products);
    const created = await Q.insertProducts(q, products);
    for (const [i, id] of created.entries()) {
      const p = products[i];
      await recordAudit(q, { actorId, action: 'import', entity: 'product', entityId: id, after: { title: p.title, slug: p.slug, published: p.published, tags: p.tags, imageUrls: p.imageUrls } });
    }
    return created;
  });
  return { ...report, created: ids.length };
}

/** A real import refused for its bad lines: 400, the report beside the message. */
export class ImportRefused extends HttpError {
  constructor(readonly report: ImportReport) {
    super(400, `${report.problems.length} problem${report.problems.length === 1 ? '' : 's'} in the file: nothing was imported`);
  }
}

/** Each product's slug from its title, -2, -3… past those taken (in the shop and earlier in the file). */
async function giveSlugs(q: Queryable, products: Q.ImportedProduct[]) {
  const bases = products.map((p) => slugify(p.title));
  const taken = await Q.takenSlugs(q, [...new Set(bases)]);
  for (const [i, p] of products.entries()) {
    let slug = bases[i];
    for (let n = 2; taken.has(slug); n++) slug = `${bases[i]}-${n}`;
    taken.add(slug);
    p.slug = slug;
  }
}
