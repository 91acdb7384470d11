// The catalogue's endpoints: the storefront's reads, the back office's product editing, stock,
// bulk actions and the CSV import and exports.
import { Type } from '@sinclair/typebox';
import { MAX_OPTION_PHOTOS } from '../optionPhotos';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, PRODUCT_BULK_ACTIONS, PRODUCT_BULK_MAX } from '../productAdmin';
import { MAX_COMBINATIONS, MAX_STOCK_QUANTITY } from '../stock';
import { RELATED_LIMIT, SUGGEST_LIMIT, SUGGEST_MIN_CHARS } from '../wire';
import { endpoint } from './endpoint';
import { HOME_SECTIONS, literals, ProductFilterBody, ProductFilterQuery } from './search';
import { HomeSectionAnswer, LowStockLine, Product, ProductPage, StockMovement, SuggestAnswer } from './shapes';
import { Csv, Id, IdParam, IdParams, Message, NonBlank, NoQuery, Paginated, PagingQuery, PriceListInput, Refusal, Text, TranslationsBody, LocaleOnly, LocaleQuery } from './schema';

/** A weight in grams (issue 39): a whole number, 0 to 1,000 kg. */
export const Weight = Type.Integer({ minimum: 0, maximum: 1_000_000 });
const OptionBody = Type.Object({
  name: NonBlank(100),
  isActive: Type.Optional(Type.Boolean()),
  inStock: Type.Optional(Type.Boolean()),
  incRate: Type.Optional(PriceListInput),
  /** Issue 39: grams the choice adds to the product's weight. */
  weight: Type.Optional(Weight),
  /** Some of the product's images (issue 22; the service checks which). */
  imageUrls: Type.Optional(Type.Array(Text(500), { maxItems: MAX_OPTION_PHOTOS })),
  /** Issue 37: {fr: {name}}, checked by the service (a 400 naming the locale or field at fault). */
  translations: TranslationsBody('name'),
});
export const VariantBody = Type.Object({ type: NonBlank(100), options: Type.Optional(Type.Array(OptionBody, { maxItems: 50 })), translations: TranslationsBody('name') });
const textList = (max: number) => Type.Array(Text(200), { maxItems: max });
const Ids = Type.Array(Id, { maxItems: 200 });
export const ProductDetailsBody = Type.Object({
  title: Type.Optional(NonBlank(200)),
  description: Type.Optional(Text(10000)),
  features: Type.Optional(textList(50)),
  tags: Type.Optional(textList(50)),
  basePrice: Type.Optional(PriceListInput),
  discounts: Type.Optional(Ids),
  translations: TranslationsBody('title', 'description'),
  /** Issue 39: one piece's parcel weight in grams, and its tax class (null: the default class). */
  weight: Type.Optional(Weight),
  taxClassId: Type.Optional(Type.Union([Id, Type.Null()])),
});
/** POST /product's form, its JSON fields once parsed (the route checks them against this). */
export const ProductForm = Type.Object({
  ...ProductDetailsBody.properties,
  title: NonBlank(200),
  filterOptions: Type.Optional(Ids),
  variants: Type.Optional(Type.Array(VariantBody, { maxItems: 20 })),
  /** false saves a draft (issue 19), the back office's only until published. */
  published: Type.Optional(Type.Boolean()),
});

export const SetStockBody = Type.Object(
  {
    trackInventory: Type.Boolean(),
    stock: Type.Array(
      Type.Object({ options: Type.Array(Id, { maxItems: 20 }), quantity: Type.Integer({ minimum: 0, maximum: MAX_STOCK_QUANTITY }) }, { additionalProperties: false }),
      { maxItems: MAX_COMBINATIONS },
    ),
  },
  { additionalProperties: false },
);

const ImportProblems = Type.Array(
  Type.Object({ line: Type.Integer({ description: 'the file line (the header is 1)' }), column: Type.String(), reason: Type.String() }),
);
export const ImportReport = Type.Object({
  dryRun: Type.Boolean(),
  rows: Type.Integer(),
  created: Type.Integer(),
  problems: ImportProblems,
  drafted: Type.Array(Type.Integer(), { description: 'lines asked published that lack an image or a price, imported as drafts (drafts=1)' }),
});
export const ProductBulkBody = Type.Object(
  { ids: Type.Array(Id, { minItems: 1, maxItems: PRODUCT_BULK_MAX }), action: literals(PRODUCT_BULK_ACTIONS), discountId: Type.Optional(Id) },
  { additionalProperties: false },
);

const storefront = ['catalogue'];
const products = ['admin products'];
const stock = ['stock'];
const exportsTag = ['exports'];
const ProductParam = IdParams('productId');
const ok = <T extends ReturnType<typeof Type.Object> | ReturnType<typeof Type.Array>>(schema: T) => ({ 200: schema }) as const;

export const catalogEndpoints = {
  searchProducts: endpoint({
    method: 'POST',
    path: '/product/filter',
    access: 'anyone',
    tags: storefront,
    summary: "Search the catalogue (shop page and admin list; the body's status, drafts included, is for admins: 401/403 otherwise)",
    query: ProductFilterQuery,
    body: ProductFilterBody,
    answers: { 200: ProductPage },
  }),
  listProducts: endpoint({
    method: 'GET',
    path: '/product/filter',
    access: 'anyone',
    tags: storefront,
    summary: 'Search the catalogue with query parameters (admin list)',
    query: ProductFilterQuery,
    answers: { 200: ProductPage },
  }),
  suggestProducts: endpoint({
    method: 'GET',
    path: '/product/suggest',
    access: 'anyone',
    tags: storefront,
    summary: `What the header's search suggests: up to ${SUGGEST_LIMIT} products and filter options matching q (empty below ${SUGGEST_MIN_CHARS} characters)`,
    query: Type.Object({ q: Type.String({ maxLength: 200 }), ...LocaleQuery }, { additionalProperties: false }),
    answers: { 200: SuggestAnswer },
  }),
  productBySlug: endpoint({
    method: 'GET',
    path: '/product/slugSearch/:slug',
    access: 'anyone',
    tags: storefront,
    params: Type.Object({ slug: Type.String({ minLength: 1, maxLength: 300 }) }),
    query: LocaleOnly,
    answers: { 200: Product },
  }),
  productPreviewLink: endpoint({
    method: 'POST',
    path: '/product/:id/preview-link',
    access: 'admin', permission: 'catalog',
    tags: storefront,
    summary: "A signed link to the product's page as shoppers would see it, a draft too (admin); it works for a day, for this product only",
    params: IdParam,
    answers: { 200: Type.Object({ url: Type.String({ description: 'the page, with its signed preview token' }), expiresAt: Type.String({ format: 'date-time' }) }), 401: Message, 403: Refusal, 404: Message },
  }),
  productPreview: endpoint({
    method: 'GET',
    path: '/product/preview',
    access: 'anyone',
    tags: storefront,
    summary: "A product's page through its signed preview link (a draft too); an unsigned, altered or expired token: 404, as for a draft without one. Never cached",
    query: Type.Object({ token: Type.String({ maxLength: 200 }), ...LocaleQuery }, { additionalProperties: false }),
    answers: { 200: Product, 404: Message },
  }),
  relatedProducts: endpoint({
    method: 'GET',
    path: '/product/:id/related',
    access: 'anyone',
    tags: storefront,
    summary: `"You may also like" (issue 38): up to ${RELATED_LIMIT} published pieces in stock sharing the product's category or material, priced in selectedCurr when given, the closest first`,
    params: IdParam,
    query: Type.Object({ selectedCurr: Type.Optional(Id), ...LocaleQuery }, { additionalProperties: false }),
    answers: { 200: Type.Array(Product) },
  }),
  highestBasePrice: endpoint({
    method: 'GET',
    path: '/product/hBasePrice/:currencyId',
    access: 'anyone',
    tags: storefront,
    summary: 'Highest base price in a currency, rounded up',
    params: IdParams('currencyId'),
    answers: { 200: Type.Number() },
  }),
  product: endpoint({
    method: 'GET',
    path: '/product/:id',
    access: 'anyone',
    tags: storefront,
    summary: 'A home section ({type, products}) by name, or one product by id (a draft: admins only)',
    params: Type.Object({ id: Type.Union([literals(HOME_SECTIONS), Id]) }),
    query: LocaleOnly,
    answers: { 200: Type.Union([Product, HomeSectionAnswer]) },
  }),

  createProduct: endpoint({
    method: 'POST',
    path: '/product',
    access: 'admin', permission: 'catalog',
    tags: products,
    summary: 'Create a product (multipart: JSON fields + images)',
    consumes: 'multipart/form-data',
    answers: { 201: Product },
  }),
  updateProduct: endpoint({ method: 'PUT', path: '/product/:productId', access: 'admin', permission: 'catalog', tags: products, params: ProductParam, body: ProductDetailsBody, answers: ok(Product) }),
  deleteProduct: endpoint({ method: 'DELETE', path: '/product/:id', access: 'admin', permission: 'catalog', tags: products, params: IdParam, answers: ok(Message) }),
  addProductImages: endpoint({
    method: 'POST',
    path: '/product/:productId/images',
    access: 'admin', permission: 'catalog',
    tags: products,
    consumes: 'multipart/form-data',
    params: ProductParam,
    answers: ok(Product),
  }),
  reorderProductImages: endpoint({
    method: 'PUT',
    path: '/product/:productId/images/order',
    access: 'admin', permission: 'catalog',
    tags: products,
    summary: "Reorder a product's images (the first is the main photo); 400 unless `images` is a permutation of the current ones",
    params: ProductParam,
    body: Type.Object({ images: Type.Array(Text(500), { minItems: 1, maxItems: 1000 }) }),
    answers: ok(Product),
  }),
  deleteProductImage: endpoint({
    method: 'DELETE',
    path: '/product/:productId/images/:index',
    access: 'admin', permission: 'catalog',
    tags: products,
    params: Type.Object({ productId: Id, index: Type.Integer({ minimum: 0, maximum: 1000 }) }),
    answers: ok(Product),
  }),
  setProductFilterOptions: endpoint({
    method: 'PUT',
    path: '/product/:productId/filterOptions',
    access: 'admin', permission: 'catalog',
    tags: products,
    params: ProductParam,
    body: Type.Object({ filterOptionIds: Ids }),
    answers: ok(Product),
  }),
  addVariant: endpoint({ method: 'POST', path: '/product/:productId/variants', access: 'admin', permission: 'catalog', tags: products, params: ProductParam, body: VariantBody, answers: { 201: Product } }),
  renameVariant: endpoint({
    method: 'PUT',
    path: '/product/:productId/variants/:variantId',
    access: 'admin', permission: 'catalog',
    tags: products,
    summary: 'Rename a variant and/or set its translations ({fr: {name}})',
    params: IdParams('productId', 'variantId'),
    body: Type.Object({ type: Type.Optional(NonBlank(100)), translations: TranslationsBody('name') }, { minProperties: 1 }),
    answers: ok(Product),
  }),
  deleteVariant: endpoint({ method: 'DELETE', path: '/product/:productId/variants/:variantId', access: 'admin', permission: 'catalog', tags: products, params: IdParams('productId', 'variantId'), answers: ok(Product) }),
  addVariantOption: endpoint({ method: 'POST', path: '/product/variant-option/:variantId', access: 'admin', permission: 'catalog', tags: products, params: IdParams('variantId'), body: OptionBody, answers: { 201: Product } }),
  updateVariantOption: endpoint({
    method: 'PUT',
    path: '/product/variant-option/:optionId',
    access: 'admin', permission: 'catalog',
    tags: products,
    params: IdParams('optionId'),
    body: Type.Partial(OptionBody),
    answers: ok(Product),
  }),
  deleteVariantOption: endpoint({ method: 'DELETE', path: '/product/variant-option/:optionId', access: 'admin', permission: 'catalog', tags: products, params: IdParams('optionId'), answers: ok(Product) }),

  bulkProducts: endpoint({
    method: 'POST',
    path: '/product/bulk',
    access: 'admin', permission: 'catalog',
    tags: products,
    summary: `One action on up to ${PRODUCT_BULK_MAX} products, all or nothing: delete, publish, unpublish, addDiscount or removeDiscount (with discountId); 400 when any id is not a product`,
    body: ProductBulkBody,
    answers: ok(Type.Object({ action: literals(PRODUCT_BULK_ACTIONS), count: Type.Integer({ description: 'products the action changed' }) })),
  }),
  importProducts: endpoint({
    method: 'POST',
    path: '/product/import',
    access: 'admin', permission: 'catalog',
    tags: products,
    summary: `Import products from CSV (text/csv, at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB and ${IMPORT_MAX_ROWS} lines): title, description, tags (| separated), price_<CODE>, images (| separated /uploads/ paths), published. A published line needs an image and a price, as the product form (else a problem with its line; drafts=1 imports it as a draft instead). dryRun=1 checks every line and writes nothing; otherwise every product is written in one transaction, or none (400 with the problems)`,
    consumes: 'text/csv',
    query: Type.Object({ dryRun: Type.Optional(literals(['0', '1', 'true', 'false'])), drafts: Type.Optional(literals(['0', '1', 'true', 'false'])) }, { additionalProperties: false }),
    answers: {
      200: Type.Object(ImportReport.properties, { description: 'a dry run: the problems found, nothing written' }),
      201: Type.Object(ImportReport.properties, { description: 'every product written' }),
      400: Type.Object({
        message: Type.String(),
        dryRun: Type.Optional(Type.Boolean()),
        rows: Type.Optional(Type.Integer()),
        created: Type.Optional(Type.Integer()),
        problems: Type.Optional(ImportProblems),
        drafted: Type.Optional(Type.Array(Type.Integer())),
      }),
    },
  }),

  setProductStock: endpoint({
    method: 'PUT',
    path: '/product/:productId/stock',
    access: 'admin', permission: 'catalog',
    tags: stock,
    summary: "Set a product's stock per combination (admin)",
    params: ProductParam,
    body: SetStockBody,
    answers: ok(Product),
  }),
  stockLedger: endpoint({
    method: 'GET',
    path: '/product/:productId/stock/ledger',
    access: 'admin', permission: 'catalog',
    tags: stock,
    summary: "A product's stock movements, newest first (admin)",
    params: ProductParam,
    query: PagingQuery(20),
    answers: ok(Paginated(StockMovement)),
  }),
  lowStock: endpoint({ method: 'GET', path: '/stock/low', access: 'admin', permission: 'catalog', tags: stock, summary: 'Combinations at or below the low-stock threshold (admin)', answers: ok(Type.Array(LowStockLine)) }),

  exportProducts: endpoint({
    method: 'GET',
    path: '/product/export.csv',
    access: 'admin', permission: 'catalog',
    tags: exportsTag,
    summary: 'Every product as CSV (streamed)',
    query: NoQuery,
    answers: { 200: Csv('products.csv: id, slug, title, description, tags, price_<CODE> per currency, images, features, stock, created_at') },
  }),
  exportCustomers: endpoint({
    method: 'GET',
    path: '/user/export.csv',
    access: 'admin', permission: 'customers',
    tags: exportsTag,
    summary: 'Every customer as CSV (streamed)',
    query: NoQuery,
    answers: { 200: Csv('customers.csv: id, full_name, email, contact, registered_at, orders, last_order_at') },
  }),
};
