// A catalogue search's query and body (POST/GET /product/filter): the shop's page, the admin's list.
// Apart, so wire.ts takes its types from here without importing the whole map.
import { Type } from '@sinclair/typebox';
import { LocaleQuery, Nullable, PageQuery } from './schema';
import { HOME_SECTIONS, PRODUCT_STATUS_VALUES, SORT_BY_VALUES, STOCK_FILTER_VALUES } from './values';

export { HOME_SECTIONS, PRODUCT_STATUS_VALUES, SORT_BY_VALUES, STOCK_FILTER_VALUES };

/** One of these strings: a JSON-schema enum (its refusal says 'must be equal to one of the allowed values'). */
export const literals = <const T extends string>(values: readonly T[]) => Type.Unsafe<T>({ type: 'string', enum: [...values] });

/** A search's order; '' is the default's (newest first, or relevance with a keyword). */
export const SortBy = literals([...SORT_BY_VALUES, '']);

// additionalProperties: false makes ajv (removeAdditional) drop fields nothing reads, so junk never
// reaches the cache key or the heap beyond the request itself.
export const ProductFilterBody = Nullable(
    Type.Object(
      {
        sortBy: Type.Optional(SortBy),
        selectedCurr: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
        filterOptions: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 200 })),
        basePrice: Type.Optional(
          Nullable(
            Type.Object(
              { gte: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1e9 }))), lte: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1e9 }))) },
              { additionalProperties: false },
            ),
          ),
        ),
        /** Only pieces rated this many stars and up, as their cards show the average (issue 41). */
        minRating: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
        /** Only pieces that can be bought now (issue 17). */
        available: Type.Optional(Type.Boolean()),
        /** Only pieces a running discount takes something off in the selected currency (issue 20: the home's sale banner). */
        onSale: Type.Optional(Type.Boolean()),
        /** The admin's list: live quantities on every item, and a filter by stock. */
        withStock: Type.Optional(Type.Boolean()),
        stock: Type.Optional(literals(STOCK_FILTER_VALUES)),
        /** The admin's list (issue 19): drafts too ('all') or only ('draft'); admins only. 'published' is what everyone gets. */
        status: Type.Optional(literals(PRODUCT_STATUS_VALUES)),
      },
      { additionalProperties: false },
    ),
);
/** keyword, limit and page come from the query only (SPEC §7), where they are checked and bounded. */
const pageOf12 = PageQuery(12);
export const ProductFilterQuery = Type.Object(
  { ...pageOf12.properties, selectedCurr: Type.Optional(Type.String({ maxLength: 64 })), sortBy: Type.Optional(SortBy), ...LocaleQuery },
  { additionalProperties: false },
);

