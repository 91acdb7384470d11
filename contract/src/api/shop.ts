// The shop's other endpoints outside the accounts and orders: configuration and health, filters,
// currencies, the cart, the wishlist, exchange rates and the wallet.
import { Type } from '@sinclair/typebox';
import { COUPON_CODE_MAX } from '../coupons';
import { endpoint } from './endpoint';
import { literals } from './search';
import { Cart, Currency, Filter, LocaleCode, Wishlist } from './shapes';
import { Id, IdParam, LocaleQuery, Message, NonBlank, Nullable, Refusal, TranslationsBody } from './schema';

import { CART_MAX_QUANTITY } from './values';

export { CART_MAX_QUANTITY };

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
/** pricesIncludeTax (issue 39): absent keeps what the currency has (false for a new one). */
export const CurrencyBody = Type.Object({ name: NonBlank(60), code: CurrencyCode, symbol: NonBlank(8), pricesIncludeTax: Type.Optional(Type.Boolean()) });
const CurrencyUsage = Type.Object({ prices: Type.Integer(), optionIncreases: Type.Integer() });
/** Issue 38 (14): a currency as the back office sees it: whether shoppers see it, and how many products have a price in it. */
export const CurrencyStatus = Type.Union([Type.Literal('draft'), Type.Literal('published')]);
const AdminCurrency = Type.Object({
  ...Currency.properties,
  status: CurrencyStatus,
  /** Products (drafts too) with a price in this currency, of `products`. */
  pricedProducts: Type.Integer(),
  products: Type.Integer(),
});
/** Issue 38 (11): "E-mail me when it's back". A signed-in shopper's own address is used; a signed-out visitor gives one. */
export const StockAlertBody = Type.Object(
  {
    /** The combination waited for, one option of each variant; none: any combination (or a product without variants). */
    options: Type.Optional(Type.Array(Id, { maxItems: 20 })),
    email: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
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
  /** Issue 41: whether this process is still putting the most reviewed products' review lists in memory (once ready), and how many it has put. */
  reviewLists: Type.Object({ filling: Type.Boolean(), filled: Type.Integer() }),
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
    access: 'admin', permission: 'catalog',
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
    access: 'admin', permission: 'catalog',
    tags: filters,
    summary: 'Rename a filter and/or set its translations',
    params: IdParam,
    body: NameEdit,
    answers: { 200: Filter },
  }),
  deleteFilter: endpoint({ method: 'DELETE', path: '/filter/:id', access: 'admin', permission: 'catalog', tags: filters, params: IdParam, answers: { 200: Message } }),
  addFilterOption: endpoint({ method: 'POST', path: '/filter/:id/filterOptions', access: 'admin', permission: 'catalog', tags: filters, params: IdParam, body: FilterName, answers: { 201: Filter } }),
  renameFilterOption: endpoint({
    method: 'PUT',
    path: '/filter/filterOptions/:id',
    access: 'admin', permission: 'catalog',
    tags: filters,
    summary: 'Rename an option and/or set its translations; answers its filter',
    params: IdParam,
    body: NameEdit,
    answers: { 200: Filter },
  }),
  deleteFilterOption: endpoint({
    method: 'DELETE',
    path: '/filter/filterOptions/:id',
    access: 'admin', permission: 'catalog',
    tags: filters,
    summary: 'Delete an option; answers its filter',
    params: IdParam,
    answers: { 200: Filter },
  }),

  listCurrencies: endpoint({ method: 'GET', path: '/currencies', access: 'anyone', tags: currencies, summary: 'List the published currencies (no auth): a draft currency is hidden from shoppers', answers: { 200: Type.Array(Currency) } }),
  adminCurrencies: endpoint({
    method: 'GET',
    path: '/currencies/all',
    access: 'admin',
    permission: 'settings',
    tags: currencies,
    summary: 'Every currency, drafts too, with its status and how many products have a price in it (admin)',
    answers: { 200: Type.Array(AdminCurrency), 401: Message, 403: Refusal },
  }),
  setCurrencyStatus: endpoint({
    method: 'PUT',
    path: '/currencies/:id/status',
    access: 'admin',
    permission: 'settings',
    tags: currencies,
    summary: 'Publish a currency (shoppers see it) or take it back to draft; the last published one stays (admin)',
    params: IdParam,
    body: Type.Object({ status: CurrencyStatus }, { additionalProperties: false }),
    answers: { 200: AdminCurrency, 400: Message, 401: Message, 403: Refusal, 404: Message, 409: Message },
  }),
  createCurrency: endpoint({ method: 'POST', path: '/currencies', access: 'admin', permission: 'settings', tags: currencies, body: CurrencyBody, answers: { 201: Currency } }),
  updateCurrency: endpoint({ method: 'PUT', path: '/currencies/:id', access: 'admin', permission: 'settings', tags: currencies, params: IdParam, body: CurrencyBody, answers: { 200: Currency } }),
  currencyUsage: endpoint({
    method: 'GET',
    path: '/currencies/:id/usage',
    access: 'admin', permission: 'settings',
    tags: currencies,
    summary: 'How many product prices and option increases a currency has (what deleting it removes)',
    params: IdParam,
    answers: { 200: CurrencyUsage },
  }),
  fillCurrencyPrices: endpoint({
    method: 'POST',
    path: '/currencies/:id/fill-prices',
    access: 'admin', permission: 'settings',
    tags: currencies,
    summary: "Fill this currency's missing prices and option increases from another currency's, times a factor or the exchange rate, in one transaction",
    params: IdParam,
    body: FillPricesBody,
    // 503: useRate, and the rates provider (RATES_API_BASE) cannot be reached.
    answers: { 200: Type.Object({ currency: Currency, from: Type.String(), factor: Type.Number(), ...CurrencyUsage.properties }), 503: Message },
  }),
  deleteCurrency: endpoint({ method: 'DELETE', path: '/currencies/:id', access: 'admin', permission: 'settings', tags: currencies, params: IdParam, answers: { 200: Message } }),

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

  subscribeStockAlert: endpoint({
    method: 'POST',
    path: '/product/:id/stock-alert',
    access: 'anyone',
    tags: ['stock'],
    summary: "E-mail me when it's back: one e-mail when a sold-out product or combination can be bought again (a signed-in shopper's own address; signed out, the address given, limited per IP and address)",
    params: IdParam,
    body: StockAlertBody,
    answers: {
      200: Type.Object({ message: Type.String(), email: Type.String() }),
      400: Type.Object({ message: Type.String(), fields: Type.Optional(Type.Record(Type.String(), Type.String())) }),
      404: Message,
      409: Message,
      429: Message,
    },
  }),
  stockAlertsOff: endpoint({
    method: 'GET',
    path: '/stock-alerts/off',
    access: 'anyone',
    tags: ['stock'],
    summary: "The back-in-stock e-mail's link: no more back-in-stock e-mails to this address (every alert still waiting is dropped)",
    query: Type.Object({ token: Type.String({ maxLength: 1000 }) }),
    answers: { 200: Type.String({ description: 'a page for a person', contentMediaType: 'text/html' }), 400: Message },
  }),
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
    summary: 'Create the wallet provider order for the cart total (converted to USD), shipping and tax included (issue 39: where it ships, as POST /order/preview takes it)',
    body: Type.Object({
      selectedCurr: Id,
      couponCode: Type.Optional(Type.String({ maxLength: COUPON_CODE_MAX + 20 })),
      shippingMethodId: Type.Optional(Type.Union([Id, Type.Null()])),
      country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })),
      region: Type.Optional(Type.String({ maxLength: 100 })),
      addressId: Type.Optional(Type.Union([Id, Type.Null()])),
    }),
    answers: { 200: Type.Object({ id: Type.String() }) },
  }),
};

