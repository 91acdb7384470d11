// Issue 39: shipping (zones, their methods and rates) and tax (classes, rates per country), the back
// office's CRUD, and the methods a buyer may choose for their cart. Their rules (bands, free over,
// the tax's exact cents) are contract shippingRates.ts and tax.ts.
import { Type } from '@sinclair/typebox';
import { COUPON_CODE_MAX } from '../coupons';
import { COUNTRY_CODE_PATTERN } from '../countries';
import { endpoint } from './endpoint';
import { literals } from './search';
import { ShippingMethod, ShippingOption, ShippingZone, TaxClass, TaxRate } from './shapes';
import { CurrencyRef, Id, IdParam, Message, Money, NonBlank, PriceListInput } from './schema';
import { SHIPPING_LIMITS } from './values';

export { SHIPPING_LIMITS };

/** A country's ISO 3166-1 alpha-2 code as stored (upper-case; contract COUNTRIES lists them). */
export const CountryCode = Type.String({ pattern: COUNTRY_CODE_PATTERN, description: 'ISO 3166-1 alpha-2, upper-case' });

export const ShippingZoneBody = Type.Object(
  { name: NonBlank(100), countries: Type.Array(CountryCode, { maxItems: SHIPPING_LIMITS.countriesPerZone }) },
  { additionalProperties: false },
);
const Band = Type.Object(
  {
    upTo: Type.Union([Type.Number({ exclusiveMinimum: 0, maximum: 100000000 }), Type.Null()], { description: 'grams (weight) or an amount (value), included; null: no upper bound (the last band)' }),
    amount: Money,
  },
  { additionalProperties: false },
);
export const ShippingMethodBody = Type.Object(
  {
    zoneId: Id,
    name: NonBlank(100),
    estimate: Type.String({ maxLength: 100, description: 'what the buyer reads, e.g. "2-4 business days"' }),
    type: literals(['flat', 'weight', 'value']),
    rates: Type.Array(Type.Object({ currType: CurrencyRef, bands: Type.Array(Band, { minItems: 1, maxItems: SHIPPING_LIMITS.bandsPerRate }) }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: SHIPPING_LIMITS.ratesPerMethod,
    }),
    freeOver: Type.Optional(PriceListInput),
  },
  { additionalProperties: false },
);
export const TaxClassBody = Type.Object({ name: NonBlank(60) }, { additionalProperties: false });
export const TaxRateBody = Type.Object(
  {
    classId: Id,
    country: CountryCode,
    region: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()], { description: 'a state or region (as addresses write it); absent: the whole country' })),
    percent: Type.Number({ minimum: 0, maximum: 100 }),
  },
  { additionalProperties: false },
);
export const ShippingOptionsQuery = Type.Object(
  {
    country: Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 code the parcel goes to' }),
    currency: Id,
    /** The code the checkout carries: free over counts the goods after it (the declared basis). */
    couponCode: Type.Optional(Type.String({ maxLength: COUPON_CODE_MAX + 20 })),
  },
  { additionalProperties: false },
);
export const TaxRatesQuery = Type.Object({ country: Type.Optional(CountryCode) }, { additionalProperties: false });

const shipping = ['shipping'];
const tax = ['tax'];

export const shippingTaxEndpoints = {
  shippingOptions: endpoint({
    method: 'GET',
    path: '/shipping/methods',
    access: 'customer',
    tags: shipping,
    summary: "The methods a parcel of the buyer's cart can go by to a country, priced in a currency (cheapest first); [] when the shop has no zone",
    description: 'A country no zone covers: 400 "We do not ship to {country} yet". A method whose bands do not cover the cart, or without a rate in the currency, is left out.',
    query: ShippingOptionsQuery,
    answers: { 200: Type.Array(ShippingOption) },
  }),
  shippingZones: endpoint({ method: 'GET', path: '/shipping/zones', access: 'admin', permission: 'settings', tags: shipping, summary: 'Every zone with its methods', answers: { 200: Type.Array(ShippingZone) } }),
  createShippingZone: endpoint({ method: 'POST', path: '/shipping/zones', access: 'admin', permission: 'settings', tags: shipping, summary: 'A country is in at most one zone', body: ShippingZoneBody, answers: { 201: ShippingZone } }),
  updateShippingZone: endpoint({ method: 'PUT', path: '/shipping/zones/:id', access: 'admin', permission: 'settings', tags: shipping, params: IdParam, body: ShippingZoneBody, answers: { 200: ShippingZone } }),
  deleteShippingZone: endpoint({ method: 'DELETE', path: '/shipping/zones/:id', access: 'admin', permission: 'settings', tags: shipping, summary: 'With its methods (orders keep theirs by name)', params: IdParam, answers: { 200: Message } }),
  shippingMethod: endpoint({ method: 'GET', path: '/shipping/methods/:id', access: 'admin', permission: 'settings', tags: shipping, params: IdParam, answers: { 200: ShippingMethod } }),
  createShippingMethod: endpoint({ method: 'POST', path: '/shipping/methods', access: 'admin', permission: 'settings', tags: shipping, body: ShippingMethodBody, answers: { 201: ShippingMethod } }),
  updateShippingMethod: endpoint({
    method: 'PUT',
    path: '/shipping/methods/:id',
    access: 'admin', permission: 'settings',
    tags: shipping,
    summary: 'zoneId must be the zone the method is in',
    params: IdParam,
    body: ShippingMethodBody,
    answers: { 200: ShippingMethod },
  }),
  deleteShippingMethod: endpoint({ method: 'DELETE', path: '/shipping/methods/:id', access: 'admin', permission: 'settings', tags: shipping, params: IdParam, answers: { 200: Message } }),

  taxClasses: endpoint({ method: 'GET', path: '/tax/classes', access: 'admin', permission: 'settings', tags: tax, answers: { 200: Type.Array(TaxClass) } }),
  createTaxClass: endpoint({ method: 'POST', path: '/tax/classes', access: 'admin', permission: 'settings', tags: tax, body: TaxClassBody, answers: { 201: TaxClass } }),
  updateTaxClass: endpoint({ method: 'PUT', path: '/tax/classes/:id', access: 'admin', permission: 'settings', tags: tax, params: IdParam, body: TaxClassBody, answers: { 200: TaxClass } }),
  deleteTaxClass: endpoint({
    method: 'DELETE',
    path: '/tax/classes/:id',
    access: 'admin', permission: 'settings',
    tags: tax,
    summary: 'Not the default class; its products go to the default class, its rates go with it',
    params: IdParam,
    answers: { 200: Message },
  }),
  taxRates: endpoint({ method: 'GET', path: '/tax/rates', access: 'admin', permission: 'settings', tags: tax, summary: 'Every rate (or one country’s), by country then class', query: TaxRatesQuery, answers: { 200: Type.Array(TaxRate) } }),
  createTaxRate: endpoint({ method: 'POST', path: '/tax/rates', access: 'admin', permission: 'settings', tags: tax, summary: 'One rate per class, country and region', body: TaxRateBody, answers: { 201: TaxRate } }),
  updateTaxRate: endpoint({ method: 'PUT', path: '/tax/rates/:id', access: 'admin', permission: 'settings', tags: tax, params: IdParam, body: TaxRateBody, answers: { 200: TaxRate } }),
  deleteTaxRate: endpoint({ method: 'DELETE', path: '/tax/rates/:id', access: 'admin', permission: 'settings', tags: tax, params: IdParam, answers: { 200: Message } }),
};
