// The shop's other endpoints outside the accounts and orders: configuration and health, filters,
// currencies, the cart, the wishlist, exchange rates and the wallet.
import { Type } from '@sinclair/typebox';
import { COUPON_CODE_MAX } from '../coupons';
import { endpoint } from './endpoint';
import { literals } from './search';
import { Cart, Currency, Filter, LocaleCode, Wishlist } from './shapes';
import { Id, IdParam, LocaleQuery, Message, NonBlank, Nullable, TranslationsBody } from './schema';

/** The most pieces of one line a cart takes. */
export const CART_MAX_QUANTITY = 1000;

const config = ['config'];
const filters = ['filters'];
const currencies = ['currencies'];
const cart = ['cart'];
const wishlist = ['wishlist'];

const FilterName = Type.Object({ name: NonBlank(100) });
/** A rename, new translations (issue 37: {fr: {name}}), or both. */
const NameEdit = Type.Object({ name: Type.Optional(NonBlank(100)), translations: TranslationsBody('name') }, { minProperties: 1 });
/** A filter read's locale (any other parameter is let through, as before). */
const FilterRead = Type.Object(LocaleQuery);
const CurrencyCode = Type.String({ pattern: '^\\s*[A-Za-z]{3}\\s*$' });
export const CurrencyBody = Type.Object({ name: NonBlank(60), code: CurrencyCode, symbol: NonBlank(8) });
const CurrencyUsage = Type.Object({ prices: Type.Integer(), optionIncreases: Type.Integer() });
export const FillPricesBody = Type.Object({
  from: CurrencyCode,
  factor: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1000000 })),
  useRate: Type.Optional(Type.Boolean()),
});
/** An option may be sent as an id, {optionId}, or the UI's {variantType, selectedOption: {_id}}. */
const OptionRef = Type.Union([
  Id,
  Type.Object({ optionId: Id, variantId: Type.Optional(Id) }),
  Type.Object({ variantType: Type.Optional(Type.String({ maxLength: 100 })), selectedOption: Type.Object({ _id: Id }) }),
]);
export const AddToCartBody = Type.Object({
  productId: Id,
  options: Type.Optional(Type.Array(OptionRef, { maxItems: 20 })),
  quantity: Type.Integer({ minimum: 1, maximum: CART_MAX_QUANTITY, default: 1 }),
  /** The shopper's currency: a product with no price in it is refused (not available). */
  selectedCurr: Type.Optional(Id),
});
const Health = Type.Object({
  /** ok, or degraded while the database cannot be reached (kept catalogue answers are still served). */
  status: Type.String(),
  database: literals(['up', 'down']),
  /** Whether this process is still putting the product pages in memory (after start or a catalogue change). */
  productPages: Type.Object({ filling: Type.Boolean(), kept: Type.Integer() }),
  /** Whether the in-memory counts are still being built for the current catalogue. */
  facets: Type.Object({ building: Type.Boolean() }),
});

export const shopEndpoints = {
  paypalClient: endpoint({
    method: 'GET',
    path: '/config/getPaypalClient',
    access: 'anyone',
    tags: config,
    summary: 'The wallet client id (null when wallet payments are not configured)',
    answers: { 200: Type.Object({ clientId: Nullable(Type.String()) }) },
  }),
  // Answers within 2 s whatever the database does, and 200 while the process can serve (its kept
  // catalogue answers, issue 16 #8). Monitoring reads `database`.
  health: endpoint({ method: 'GET', path: '/health', access: 'anyone', tags: config, answers: { 200: Health } }),
  locales: endpoint({
    method: 'GET',
    path: '/locales',
    access: 'anyone',
    tags: ['locales'],
    summary: "The shop's languages: [{code, name, default}]",
    answers: {
      200: Type.Array(Type.Object({ code: LocaleCode, name: Type.String({ description: 'the language named in itself' }), default: Type.Boolean() }, { additionalProperties: false })),
    },
  }),
  hello: endpoint({ method: 'GET', path: '/hello', access: 'anyone', tags: config, answers: { 200: Type.Object({ hello: Type.String() }) } }),

  listFilters: endpoint({ method: 'GET', path: '/filter', access: 'anyone', tags: filters, summary: 'List filters with options, named in the locale (no auth)', query: FilterRead, answers: { 200: Type.Array(Filter) } }),
  filter: endpoint({ method: 'GET', path: '/filter/:id', access: 'anyone', tags: filters, params: IdParam, query: FilterRead, answers: { 200: Filter } }),
  createFilter: endpoint({
    method: 'POST',
    path: '/filter',
    access: 'admin',
    tags: filters,
    body: Type.Object({
      name: NonBlank(100),
      filterOptions: Type.Optional(Type.Array(Type.Union([Type.Object({ name: Type.String({ maxLength: 100 }) }), Type.String({ maxLength: 100 })]), { maxItems: 200 })),
    }),
    answers: { 201: Filter },
  }),
  renameFilter: endpoint({
    method: 'PATCH',
    path: '/filter/:id',
    access: 'admin',
    tags: filters,
    summary: 'Rename a filter and/or set its translations',
    params: IdParam,
    body: NameEdit,
    answers: { 200: Filter },
  }),
  deleteFilter: endpoint({ method: 'DELETE', path: '/filter/:id', access: 'admin', tags: filters, params: IdParam, answers: { 200: Message } }),
  addFilterOption: endpoint({ method: 'POST', path: '/filter/:id/filterOptions', access: 'admin', tags: filters, params: IdParam, body: FilterName, answers: { 201: Filter } }),
  renameFilterOption: endpoint({
    method: 'PUT',
    path: '/filter/filterOptions/:id',
    access: 'admin',
    tags: filters,
    summary: 'Rename an option and/or set its translations; answers its filter',
    params: IdParam,
    body: NameEdit,
    answers: { 200: Filter },
  }),
  deleteFilterOption: endpoint({
    method: 'DELETE',
    path: '/filter/filterOptions/:id',
    access: 'admin',
    tags: filters,
    summary: 'Delete an option; answers its filter',
    params: IdParam,
    answers: { 200: Filter },
  }),

  listCurrencies: endpoint({ method: 'GET', path: '/currencies', access: 'anyone', tags: currencies, summary: 'List currencies (no auth)', answers: { 200: Type.Array(Currency) } }),
  createCurrency: endpoint({ method: 'POST', path: '/currencies', access: 'admin', tags: currencies, body: CurrencyBody, answers: { 201: Currency } }),
  updateCurrency: endpoint({ method: 'PUT', path: '/currencies/:id', access: 'admin', tags: currencies, params: IdParam, body: CurrencyBody, answers: { 200: Currency } }),
  currencyUsage: endpoint({
    method: 'GET',
    path: '/currencies/:id/usage',
    access: 'admin',
    tags: currencies,
    summary: 'How many product prices and option increases a currency has (what deleting it removes)',
    params: IdParam,
    answers: { 200: CurrencyUsage },
  }),
  fillCurrencyPrices: endpoint({
    method: 'POST',
    path: '/currencies/:id/fill-prices',
    access: 'admin',
    tags: currencies,
    summary: "Fill this currency's missing prices and option increases from another currency's, times a factor or the exchange rate, in one transaction",
    params: IdParam,
    body: FillPricesBody,
    // 503: useRate, and the rates provider (RATES_API_BASE) cannot be reached.
    answers: { 200: Type.Object({ currency: Currency, from: Type.String(), factor: Type.Number(), ...CurrencyUsage.properties }), 503: Message },
  }),
  deleteCurrency: endpoint({ method: 'DELETE', path: '/currencies/:id', access: 'admin', tags: currencies, params: IdParam, answers: { 200: Message } }),

  cart: endpoint({ method: 'GET', path: '/cart', access: 'customer', tags: cart, answers: { 200: Cart } }),
  addToCart: endpoint({ method: 'POST', path: '/cart', access: 'customer', tags: cart, body: AddToCartBody, answers: { 200: Cart } }),
  changeCartQuantity: endpoint({
    method: 'PUT',
    path: '/cart/:id',
    access: 'customer',
    tags: cart,
    summary: 'Set a line quantity; below 1 removes the line',
    params: IdParam,
    body: Type.Object({ quantity: Type.Integer({ minimum: -1000, maximum: CART_MAX_QUANTITY }) }),
    answers: { 200: Cart },
  }),
  removeFromCart: endpoint({ method: 'DELETE', path: '/cart/:id', access: 'customer', tags: cart, params: IdParam, answers: { 200: Cart } }),

  wishlist: endpoint({ method: 'GET', path: '/wishlist', access: 'customer', tags: wishlist, answers: { 200: Wishlist } }),
  addToWishlist: endpoint({ method: 'POST', path: '/wishlist/:id', access: 'customer', tags: wishlist, summary: 'Add a product (id = product id)', params: IdParam, answers: { 200: Wishlist } }),
  removeFromWishlist: endpoint({ method: 'DELETE', path: '/wishlist/:id', access: 'customer', tags: wishlist, params: IdParam, answers: { 200: Wishlist } }),

  rates: endpoint({
    method: 'GET',
    path: '/rates/:base',
    access: 'anyone',
    tags: ['rates'],
    summary: "Exchange rates from one of the shop's currencies (an admin: any ISO 4217 code), cached; stale while the provider fails; 503 when none are known",
    params: Type.Object({ base: Type.String({ pattern: '^[A-Za-z]{3}$' }) }),
    answers: { 200: Type.Object({ base: Type.String(), rates: Type.Record(Type.String(), Type.Number()), stale: Type.Boolean() }), 400: Message, 503: Message },
  }),
  walletOrder: endpoint({
    method: 'POST',
    path: '/wallet/paypal/order',
    access: 'customer',
    tags: ['wallet'],
    summary: 'Create the wallet provider order for the cart total (converted to USD)',
    body: Type.Object({ selectedCurr: Id, couponCode: Type.Optional(Type.String({ maxLength: COUPON_CODE_MAX + 20 })) }),
    answers: { 200: Type.Object({ id: Type.String() }) },
  }),
};

