import type { Currency, Product } from '@shop/shared';
import { fromPriceList, toPriceList, type PriceDraft } from '../common/PriceInputs';

export interface DetailsDraft {
  title: string;
  description: string;
  basePrice: PriceDraft;
  tags: string[];
  features: string[];
  /** Issue 39: one piece's parcel weight in grams ('' when not given), and its tax class ('' for the default). */
  weight: string;
  taxClassId: string;
}

export interface OptionDraft {
  _id: string;
  name: string;
  isActive: boolean;
  inStock: boolean;
  incRate: PriceDraft;
  /** Issue 39: grams the choice adds to the product's weight ('' for none). */
  weight?: string;
  /** Which of the product's photos show the piece with it (issue 22); set in the edit modal only, once the product has its photos. */
  imageUrls?: string[];
}

export interface VariantDraft {
  _id: string;
  type: string;
  options: OptionDraft[];
}

export const PRODUCT_TABS = [
  { key: 'details', label: 'details' },
  { key: 'variants', label: 'variants' },
  { key: 'filters', label: 'filter options' },
  { key: 'images', label: 'images' },
  { key: 'discounts', label: 'Discounts' },
] as const;
/** The edit modal's tabs: the same, and the product's texts in other languages (issue 37). */
export const EDIT_PRODUCT_TABS = [...PRODUCT_TABS, { key: 'translations', label: 'Translations' }] as const;
export type ProductTab = (typeof EDIT_PRODUCT_TABS)[number]['key'];

export const emptyDetails: DetailsDraft = { title: '', description: '', basePrice: {}, tags: [], features: [], weight: '', taxClassId: '' };

/** SPEC §5: accepted images (by name); a camera capture is a png. */
export const IMAGE_NAME = /\.(jpe?g|png|gif)$/i;

let localId = 0;
/** An id for a variant or option that exists only in the form until the product is published. */
export const newLocalId = () => `local-${++localId}`;

export function detailsOf(product: Product): DetailsDraft {
  return {
    title: product.title,
    description: product.description ?? '',
    basePrice: fromPriceList(product.basePrice),
    tags: product.tags ?? [],
    features: product.features ?? [],
    weight: product.weight ? String(product.weight) : '',
    taxClassId: product.taxClassId ?? '',
  };
}

export function variantsOf(product: Product): VariantDraft[] {
  return (product.variants ?? []).map((v) => ({
    _id: v._id,
    type: v.type,
    options: v.options.map((o) => ({ _id: o._id, name: o.name, isActive: o.isActive, inStock: o.inStock, incRate: fromPriceList(o.incRate), weight: o.weight ? String(o.weight) : '', imageUrls: o.imageUrls ?? [] })),
  }));
}

export const optionBody = (currencies: Currency[], o: OptionDraft) => ({
  name: o.name.trim(),
  isActive: o.isActive,
  inStock: o.inStock,
  incRate: toPriceList(currencies, o.incRate),
  // Issue 39: a weight only when one is typed (blank leaves the choice's as it is: none for a new one).
  ...(o.weight?.trim() ? { weight: gramsOf(o.weight) } : {}),
});

/** A typed weight as whole grams (0 when blank); a negative or broken one is sent as typed for the server to name. */
export function gramsOf(text: string | undefined): number {
  if (!text || text.trim() === '') return 0;
  const grams = Number(text);
  return Number.isFinite(grams) ? Math.round(grams) : Number.NaN;
}

export const detailsBody = (currencies: Currency[], d: DetailsDraft) => ({
  title: d.title.trim(),
  description: d.description,
  tags: d.tags,
  features: d.features,
  basePrice: toPriceList(currencies, d.basePrice),
  ...(d.weight.trim() ? { weight: gramsOf(d.weight) } : {}),
  taxClassId: d.taxClassId || null,
});

/** The multipart body of POST /product (SPEC §7): JSON fields and the image files. */
export function productFormData(
  currencies: Currency[],
  d: { details: DetailsDraft; variants: VariantDraft[]; filterOptions: string[]; discounts: string[]; images: File[] },
): FormData {
  const form = new FormData();
  const body = detailsBody(currencies, d.details);
  form.append('title', body.title);
  form.append('description', body.description);
  form.append('basePrice', JSON.stringify(body.basePrice));
  form.append('tags', JSON.stringify(body.tags));
  form.append('features', JSON.stringify(body.features));
  if (body.weight !== undefined) form.append('weight', JSON.stringify(body.weight));
  if (body.taxClassId) form.append('taxClassId', JSON.stringify(body.taxClassId));
  form.append('filterOptions', JSON.stringify(d.filterOptions));
  form.append('discounts', JSON.stringify(d.discounts));
  form.append('variants', JSON.stringify(d.variants.map((v) => ({ type: v.type.trim(), options: v.options.map((o) => optionBody(currencies, o)) }))));
  for (const file of d.images) form.append('images', file, file.name);
  return form;
}

/** Multipart calls must not go out as the client's default JSON. */
export const MULTIPART = { headers: { 'Content-Type': 'multipart/form-data' } };
