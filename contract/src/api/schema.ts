// The pieces the endpoint map (api/*.ts) is written with: TypeBox schemas, which are JSON schemas the
// API validates and serializes with and the OpenAPI document shows, and whose TypeScript types
// (Static<typeof X>) the API, the client and the apps use. One declaration, no type beside it.
import { Type, type SchemaOptions, type Static, type TSchema, type TUnsafe } from '@sinclair/typebox';
import type { TranslatedField, Translations } from '../locales';

export { Type, type Static, type TSchema };

export const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
/** An id the caller sends: checked as a UUID (the API's error handler words a mismatch 'must be a valid id'). */
export const Id = Type.String({ pattern: UUID });
/** An id the API answers (not re-checked on the way out). */
export const AnswerId = Type.String();
export const DateTime = Type.String({ format: 'date-time' });
export const Strings = Type.Array(Type.String());

/** A value or null, as one JSON-schema type list (fast to serialize; anyOf is not). For schemas with a single `type`. */
export const Nullable = <T extends TSchema>(schema: T, options: SchemaOptions = {}): TUnsafe<Static<T> | null> =>
  Type.Unsafe<Static<T> | null>({ ...schema, ...options, type: [schema.type as string, 'null'] });

/** Which path parameter(s) a route takes, each an id. */
export const IdParams = <K extends string>(...names: K[]) =>
  Type.Object(Object.fromEntries(names.map((n) => [n, Id])) as Record<K, typeof Id>);
export const IdParam = IdParams('id');

/** A read's locale (issue 37): any text is taken (one the shop does not have is English), bounded. */
export const LocaleQuery = {
  locale: Type.Optional(Type.String({ maxLength: 35, description: 'the language of the texts: en, fr (else Accept-Language; English when the shop does not have it)' })),
};
/** A read whose only query parameter is its locale. */
export const LocaleOnly = Type.Object(LocaleQuery, { additionalProperties: false });

/** A body's translations (issue 37): {locale: {field: text}}; its content is checked by the API (contract translationsProblem: a 400 naming the locale or field at fault). */
export const TranslationsBody = <F extends TranslatedField>(...fields: F[]) =>
  Type.Optional(
    Type.Unsafe<Translations<F>>({
      type: 'object',
      maxProperties: 20,
      description: `{locale: {${fields.join(', ')}}}: the texts in another language (GET /api/locales); a blank or missing field falls back to English`,
    }),
  );

/** Nothing to ask (a query string that must stay empty). */
export const NoQuery = Type.Object({}, { additionalProperties: false });

/** The { message } every refusal (and a few successes) answers. */
export const Message = Type.Object({ message: Type.String() });
/** A 403 (issue 42): its message, and the refusal's name the back office acts on (contract staff.ts: two-factor-setup-required, permission-missing). */
export const Refusal = Type.Object({ message: Type.String(), code: Type.Optional(Type.String()) });
/** 204: no body. */
export const NoContent = Type.Null();

export const Money = Type.Number({ minimum: 0, maximum: 100000000 });
export const Text = (max = 200, min = 0) => Type.String({ minLength: min, maxLength: max });
export const NonBlank = (max = 200) => Type.String({ minLength: 1, maxLength: max, pattern: '\\S' });

/** A currency as a price names it in a request: its id, or { _id }. */
export const CurrencyRef = Type.Union([Id, Type.Object({ _id: Id })]);
export const PriceInput = Type.Object({ currType: CurrencyRef, amount: Money });
export const PriceListInput = Type.Array(PriceInput, { maxItems: 50 });

export const Page = Type.Integer({ minimum: 1, maximum: 100000, default: 1 });
export const Limit = (defaultLimit: number) => Type.Integer({ minimum: 1, maximum: 100, default: defaultLimit });
/** A list's page and size, nothing else (a list without a search). */
export const PagingQuery = (defaultLimit = 20) => Type.Object({ page: Page, limit: Limit(defaultLimit) }, { additionalProperties: false });
/** A searched list's keyword, page and size. */
export const PageQuery = (defaultLimit: number) =>
  Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 200 })), limit: Limit(defaultLimit), page: Page }, { additionalProperties: false });

/** A page of a list. */
export const Paginated = <T extends TSchema>(items: T) => Type.Object({ items: Type.Array(items), itemCount: Type.Integer(), page: Type.Integer(), limit: Type.Integer() });

/** A CSV download's answer (text/csv, streamed). */
export const Csv = (description: string) => Type.String({ description, contentMediaType: 'text/csv' });
