import { byCode, currencyCodes, recordAudit, recordChanges } from '../../audit/service.js';
import type { MailSecrets } from '../../mail/secrets.js';
import { restocked } from '../../stockAlerts/service.js';
import type { Db, Queryable } from '../../db/client.js';
import { currencyIds } from '../../currencies/service.js';
import { existingDiscountIds } from '../../discounts/service.js';
import { existingOptionIds, optionLabels } from '../../filters/service.js';
import { badRequest, fieldError, notFound } from '../../lib/errors.js';
import { taxClassExists } from '../../tax/service.js';
import { checkTranslations } from '../../lib/translations.js';
import { setTranslations } from '../../lib/translationQueries.js';
import type { Translations } from '@shop/contract';
import { fromPriceList, type PriceMap } from '../../lib/money.js';
import { loadProduct, type ProductOut } from '../productQueries.js';
import type { FastifyBaseLogger } from 'fastify';
import { keyOfImageUrl, type FileStore } from '../../storage/index.js';
import { deleteImageFiles } from '../../web/index.js';
import { storeImages, type CheckedImage } from './images.js';
import * as Q from './queries.js';

type PriceIn = Array<{ currType: string | { _id: string }; amount: number }>;
export interface OptionInput {
  name: string;
  isActive?: boolean;
  inStock?: boolean;
  incRate?: PriceIn;
  /** Photos of the piece with this option: each one of the product's imageUrls (issue 22). */
  imageUrls?: string[];
  /** Its name in other languages (issue 37): {fr: {name}}. */
  translations?: Translations<'name'>;
  /** Grams it adds to the product's weight (issue 39). */
  weight?: number;
}
export interface VariantInput {
  type: string;
  options?: OptionInput[];
  /** Its name (its type) in other languages (issue 37): {fr: {name}}. */
  translations?: Translations<'name'>;
}
export interface ProductInput {
  title: string;
  description?: string;
  features?: string[];
  tags?: string[];
  basePrice?: PriceIn;
  filterOptions?: string[];
  discounts?: string[];
  variants?: VariantInput[];
  imageUrls?: string[];
  createdAt?: Date;
  /** False: a draft (issue 19); absent: published. */
  published?: boolean;
  /** Its title and description in other languages (issue 37): {fr: {title, description}}. */
  translations?: Translations<'title' | 'description'>;
  /** Issue 39: one piece's weight in grams, and its tax class (null or absent: the default class). */
  weight?: number;
  taxClassId?: string | null;
}

/** A tax class a product names must exist (issue 39): a 400 naming taxClassId, before anything is written. */
async function checkTaxClass(q: Queryable, id: string | null | undefined) {
  if (id && !(await taxClassExists(q, id))) throw fieldError('taxClassId', 'no such tax class');
}

/** A 400 naming the first translation at fault in a product's form, its variants' and options' included, before anything is written. */
function checkProductTranslations(p: { translations?: unknown; variants?: Array<{ translations?: unknown; options?: Array<{ translations?: unknown }> }> }) {
  checkTranslations(p.translations, ['title', 'description']);
  for (const v of p.variants ?? []) {
    checkTranslations(v.translations, ['name']);
    for (const o of v.options ?? []) checkTranslations(o.translations, ['name']);
  }
}

export function slugify(title: string): string {
  const s = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return s || 'product';
}

/** The slug of a title, with -2, -3… when taken. */
async function uniqueSlug(q: Queryable, title: string): Promise<string> {
  const base = slugify(title);
  const taken = await Q.takenSlugs(q, base);
  if (!taken.has(base)) return base;
  for (let i = 2; ; i++) if (!taken.has(`${base}-${i}`)) return `${base}-${i}`;
}

async function checkPrices(q: Queryable, map: PriceMap) {
  const known = new Set(await currencyIds(q));
  for (const id of Object.keys(map)) if (!known.has(id)) throw badRequest(`Unknown currency ${id}`);
}
async function checkIds(found: string[], wanted: string[], what: string) {
  const missing = wanted.filter((id) => !found.includes(id));
  if (missing.length) throw badRequest(`Unknown ${what}: ${missing.join(', ')}`);
}
const uniq = (ids: string[] = []) => [...new Set(ids)];
const cleanList = (list: string[] = []) => uniq(list.map((t) => t.trim()).filter(Boolean));

async function setPrices(q: Queryable, productId: string, map: PriceMap) {
  await checkPrices(q, map);
  await Q.replacePrices(q, productId, map);
}
async function setDiscounts(q: Queryable, productId: string, ids: string[]) {
  const wanted = uniq(ids);
  await checkIds(await existingDiscountIds(q, wanted), wanted, 'discounts');
  await Q.replaceDiscounts(q, productId, wanted);
}
async function setFilterOptionsTx(q: Queryable, productId: string, ids: string[]) {
  const wanted = uniq(ids);
  await checkIds(await existingOptionIds(q, wanted), wanted, 'filter options');
  await Q.replaceFilterOptions(q, productId, wanted);
}
/**
 * An option's photos, each once: they must be some of the product's own images (`images`), so uploads,
 * their copies and deletion stay the product's (issue 22). Checked before anything is written.
 */
function optionPhotos(wanted: string[], images: string[]): string[] {
  const photos = uniq(wanted);
  const strangers = photos.filter((url) => !images.includes(url));
  if (strangers.length) throw badRequest(`An option's photos must be among the product's images; not one of them: ${strangers.join(', ')}`);
  return photos;
}
async function insertOption(q: Queryable, variantId: string, o: OptionInput, images: string[]) {
  const inc = fromPriceList(o.incRate);
  await checkPrices(q, inc);
  const imageUrls = optionPhotos(o.imageUrls ?? [], images);
  const optionId = await Q.insertOption(q, variantId, { name: o.name.trim(), isActive: o.isActive ?? true, inStock: o.inStock ?? true, incRate: inc, imageUrls, weight: o.weight ?? 0 });
  await setTranslations(q, 'variant_options', optionId, o.translations);
}
async function insertVariant(q: Queryable, productId: string, v: VariantInput, images: string[]) {
  const variantId = await Q.insertVariant(q, productId, v.type.trim());
  await setTranslations(q, 'variants', variantId, v.translations);
  for (const o of v.options ?? []) await insertOption(q, variantId, o, images);
}
async function mustExist(q: Queryable, productId: string) {
  if (!(await Q.lockProduct(q, productId))) throw notFound('Product not found');
}
// With its quantities and translations: the admin's modal shows them beside what it edits.
const answer = async (q: Queryable, id: string) => (await loadProduct(q, id, { withStock: true, withTranslations: true }))!;

/**
 * What the audit log keeps of a product (issue 19): its own values, prices by currency code, discounts
 * by title, filter options by name, its variants and options; not its stock (entity 'stock' has that).
 */
async function productFacts(q: Queryable, p: ProductOut) {
  const codes = await currencyCodes(q);
  // Translations (issue 37) only where there are some: older entries compare the same.
  const translated = <T>(t: T | undefined) => (t ? { translations: t } : {});
  return {
    ...translated(p.translations),
    title: p.title,
    slug: p.slug,
    description: p.description,
    features: p.features,
    tags: p.tags,
    imageUrls: p.imageUrls,
    basePrice: byCode(p.basePrice, codes),
    discounts: p.discounts.map((d) => d.title),
    filterOptions: await optionLabels(q, p.filterOptions),
    variants: p.variants.map((v) => ({
      type: v.type,
      ...translated(v.translations),
      options: v.options.map((o) => ({ name: o.name, isActive: o.isActive, inStock: o.inStock, incRate: byCode(o.incRate, codes), imageUrls: o.imageUrls ?? [], ...translated(o.translations) })),
    })),
  };
}

/**
 * Runs an edit of product `id`, whose row the caller's transaction has locked, and records what it
 * changed in the audit log, in the same transaction; answers the product as the admin's modal shows it.
 */
async function recordEdit(q: Queryable, actorId: string, id: string, edit: () => Promise<unknown>) {
  const before = await productFacts(q, (await loadProduct(q, id, { withTranslations: true }))!);
  await edit();
  const after = await answer(q, id);
  await recordChanges(q, { actorId, action: 'update', entity: 'product', entityId: id, about: { title: after.title } }, before, await productFacts(q, after));
  return after;
}

/** actorId: the admin adding it (audit log); absent for the shop's own setup (the demo seed, a test's fixture). */
export function createProduct(db: Db, p: ProductInput, actorId?: string) {
  const imageUrls = p.imageUrls ?? [];
  checkProductTranslations(p);
  return db.tx(async (q) => {
    await checkTaxClass(q, p.taxClassId);
    const id = await Q.insertProduct(q, {
      slug: await uniqueSlug(q, p.title),
      title: p.title.trim(),
      description: p.description ?? '',
      features: cleanList(p.features),
      tags: cleanList(p.tags),
      imageUrls,
      createdAt: p.createdAt ?? new Date(),
      published: p.published ?? true,
      weight: p.weight ?? 0,
      taxClassId: p.taxClassId ?? null,
    });
    await setTranslations(q, 'products', id, p.translations);
    await setPrices(q, id, fromPriceList(p.basePrice));
    await setDiscounts(q, id, p.discounts ?? []);
    await setFilterOptionsTx(q, id, p.filterOptions ?? []);
    for (const v of p.variants ?? []) await insertVariant(q, id, v, imageUrls);
    const product = await answer(q, id);
    if (actorId) await recordAudit(q, { actorId, action: 'create', entity: 'product', entityId: id, after: await productFacts(q, product) });
    return product;
  });
}

/** A product from the admin's form, with its checked uploads (written once the form is known to be good: a refused one leaves no file). */
export async function createProductWithImages(db: Db, files: FileStore, p: ProductInput, images: CheckedImage[], actorId: string) {
  // SPEC §5: a product has at least one image.
  if (!images.length) throw badRequest('Add at least one image (field images)');
  checkProductTranslations(p);
  // The uploads' paths are made on storing them, so no option can name one yet: refused before any file is written.
  for (const v of p.variants ?? []) for (const o of v.options ?? []) optionPhotos(o.imageUrls ?? [], []);
  return createProduct(db, { ...p, imageUrls: await storeImages(files, images) }, actorId);
}

export interface DetailsInput {
  title?: string;
  description?: string;
  features?: string[];
  tags?: string[];
  basePrice?: PriceIn;
  discounts?: string[];
  translations?: Translations<'title' | 'description'>;
  weight?: number;
  taxClassId?: string | null;
}
/** Updates the given fields; the slug stays (links keep working). */
export function updateDetails(db: Db, id: string, d: DetailsInput, actorId: string) {
  const keys: Array<keyof DetailsInput> = ['title', 'description', 'features', 'tags', 'basePrice', 'discounts', 'translations', 'weight', 'taxClassId'];
  if (keys.every((k) => d[k] === undefined)) throw badRequest(`Nothing to update: send any of ${keys.join(', ')}`);
  const translations = checkTranslations(d.translations, ['title', 'description']);
  return db.tx(async (q) => {
    await mustExist(q, id);
    await checkTaxClass(q, d.taxClassId);
    return recordEdit(q, actorId, id, async () => {
      await Q.updateProduct(q, id, {
        title: d.title?.trim() ?? null,
        description: d.description ?? null,
        features: d.features ? cleanList(d.features) : null,
        tags: d.tags ? cleanList(d.tags) : null,
        weight: d.weight ?? null,
        taxClassId: d.taxClassId,
      });
      await setTranslations(q, 'products', id, translations);
      if (d.basePrice) await setPrices(q, id, fromPriceList(d.basePrice));
      if (d.discounts) await setDiscounts(q, id, d.discounts);
    });
  });
}

export function deleteProduct(db: Db, id: string, actorId: string) {
  return db.tx(async (q) => {
    await mustExist(q, id);
    const before = await productFacts(q, (await loadProduct(q, id))!);
    await Q.deleteProduct(q, id);
    await recordAudit(q, { actorId, action: 'delete', entity: 'product', entityId: id, before });
  });
}

/** Adds checked uploads to a product: written first, then added to its images. */
export async function addImages(db: Db, files: FileStore, id: string, images: CheckedImage[], actorId: string) {
  if (!images.length) throw badRequest('Send at least one image in field images');
  const urls = await storeImages(files, images);
  return db.tx(async (q) => {
    await mustExist(q, id);
    return recordEdit(q, actorId, id, () => Q.addImageUrls(q, id, urls));
  });
}

/**
 * Takes an image out of a product; once no product and no order line shows it any more, its file and
 * every copy of it go from the store (after the commit: a rollback keeps them). A file that cannot be
 * deleted now only costs space; the product is changed either way.
 */
export async function deleteImage(db: Db, files: FileStore, id: string, index: number, actorId: string, log?: FastifyBaseLogger) {
  let deleted = '';
  const product = await db.tx(async (q) => {
    const imageUrls = await Q.lockImageUrls(q, id);
    if (!imageUrls) throw notFound('Product not found');
    if (index >= imageUrls.length) throw notFound(`No image at index ${index}`);
    const kept = imageUrls.filter((_, i) => i !== index);
    deleted = imageUrls[index];
    return recordEdit(q, actorId, id, async () => {
      await Q.setImageUrls(q, id, kept);
      // An option shows only the product's own images: the deleted one goes from them too (unless the product still has it twice).
      if (!kept.includes(deleted)) await Q.dropOptionPhoto(q, id, deleted);
    });
  });
  const key = keyOfImageUrl(deleted);
  if (key && !(await Q.imageInUse(db, deleted))) await deleteImageFiles(files, key).catch((err) => log?.warn({ err, key }, 'an image deleted from its product stays in the store'));
  return product;
}

/** The same images in another order (issue 19: the first is the main photo); anything but a permutation of the current ones is refused. */
export function reorderImages(db: Db, id: string, order: string[], actorId: string | null) {
  return db.tx(async (q) => {
    const locked = await Q.lockImages(q, id);
    if (!locked) throw notFound('Product not found');
    const { title: imageTitle, image_urls: imageUrls } = locked;
    const sorted = (list: string[]) => [...list].sort().join('\n');
    if (order.length !== imageUrls.length || sorted(order) !== sorted(imageUrls)) {
      throw badRequest("images must list the product's current images, each once, in the new order");
    }
    if (order.some((url, i) => url !== imageUrls[i])) {
      await Q.setImageUrls(q, id, order);
      await recordAudit(q, { actorId, action: 'update', entity: 'product', entityId: id, before: { title: imageTitle, imageUrls }, after: { title: imageTitle, imageUrls: order } });
    }
    return answer(q, id);
  });
}

export function setFilterOptions(db: Db, id: string, ids: string[], actorId: string) {
  return db.tx(async (q) => {
    await mustExist(q, id);
    return recordEdit(q, actorId, id, () => setFilterOptionsTx(q, id, ids));
  });
}

export function addVariant(db: Db, id: string, v: VariantInput, actorId: string) {
  checkProductTranslations({ variants: [v] });
  return db.tx(async (q) => {
    const images = await Q.lockImageUrls(q, id);
    if (!images) throw notFound('Product not found');
    return recordEdit(q, actorId, id, () => insertVariant(q, id, v, images));
  });
}

/** A variant's new name (its type) and/or translations (issue 37: {fr: {name}}); at least one (the route checks). */
export function updateVariant(db: Db, productId: string, variantId: string, v: { type?: string; translations?: Translations<'name'> }, actorId: string) {
  const translations = checkTranslations(v.translations, ['name']);
  return db.tx(async (q) => {
    if (!(await Q.lockProduct(q, productId))) throw notFound('Variant not found');
    return recordEdit(q, actorId, productId, async () => {
      if (!(await Q.renameVariant(q, productId, variantId, v.type?.trim() ?? null))) throw notFound('Variant not found');
      await setTranslations(q, 'variants', variantId, translations);
    });
  });
}

export function deleteVariant(db: Db, productId: string, variantId: string, actorId: string) {
  return db.tx(async (q) => {
    if (!(await Q.lockProduct(q, productId))) throw notFound('Variant not found');
    return recordEdit(q, actorId, productId, async () => {
      if (!(await Q.deleteVariant(q, productId, variantId))) throw notFound('Variant not found');
    });
  });
}

export function addVariantOption(db: Db, variantId: string, o: OptionInput, actorId: string) {
  checkTranslations(o.translations, ['name']);
  return db.tx(async (q) => {
    const product = await Q.lockProductOfVariant(q, variantId);
    if (!product) throw notFound('Variant not found');
    return recordEdit(q, actorId, product.productId, () => insertOption(q, variantId, o, product.imageUrls));
  });
}

/** An option put back in stock (or made active) tells whoever waits for it (secrets: the e-mail's link; issue 38). */
export function updateVariantOption(db: Db, optionId: string, o: Partial<OptionInput>, actorId: string, secrets?: MailSecrets) {
  if (o.name === undefined && o.isActive === undefined && o.inStock === undefined && o.incRate === undefined && o.imageUrls === undefined && o.translations === undefined && o.weight === undefined) {
    throw badRequest('Nothing to update: send any of name, isActive, inStock, incRate, imageUrls, translations, weight');
  }
  const translations = checkTranslations(o.translations, ['name']);
  return db.tx(async (q) => {
    const product = await Q.lockProductOfOption(q, optionId);
    if (!product) throw notFound('Variant option not found');
    const inc = o.incRate ? fromPriceList(o.incRate) : null;
    if (inc) await checkPrices(q, inc);
    const imageUrls = o.imageUrls ? optionPhotos(o.imageUrls, product.imageUrls) : null;
    const after = await recordEdit(q, actorId, product.productId, async () => {
      await Q.updateOption(q, optionId, { name: o.name?.trim() ?? null, isActive: o.isActive ?? null, inStock: o.inStock ?? null, incRate: inc, imageUrls, weight: o.weight ?? null });
      await setTranslations(q, 'variant_options', optionId, translations);
    });
    if (o.inStock || o.isActive) await restocked(q, secrets, [product.productId]);
    return after;
  });
}

export function deleteVariantOption(db: Db, optionId: string, actorId: string) {
  return db.tx(async (q) => {
    const product = await Q.lockProductOfOption(q, optionId);
    if (!product) throw notFound('Variant option not found');
    return recordEdit(q, actorId, product.productId, () => Q.deleteOption(q, optionId));
  });
}
