// The part of the browser's contract that the @shop/shared singleton re-exports (issue 37: the home's
// JavaScript budget). A federation singleton is never tree-shaken, so it carries whole what it
// re-exports: here only what most pages use (wire shapes, money, routes and paths, heads, formats,
// languages, the countries its CountrySelect lists, the endpoint routes its client calls). The values of
// every other module (the back office's, checkout's, account's...) a page takes from
// '@shop/shared/src/contract', bundled into its own remote and tree-shaken there; their types come
// from here too, free at run time. scripts/check-imports.mjs holds the two apart.
export * from './wire';
export * from './money';
export * from './routes';
export * from './routePaths';
export * from './fragments';
export * from './web';
export * from './pageHead';
export * from './format';
export * from './locales';
export * from './countries';
export { CART_MAX_QUANTITY, CART_TOKEN_HEADER, GUEST_CART_DAYS, GUEST_CART_MAX_LINES, GUEST_TOKEN_PATTERN, HOME_SECTIONS, PRODUCT_STATUS_VALUES, REPORT_PERIODS, SHIPPING_LIMITS, SORT_BY_VALUES, STOCK_FILTER_VALUES } from './api/values';
export { pathOf } from './api/endpoint';
export { ENDPOINT_ROUTES } from './api/routeTable';
export type * from './stock';
export type * from './contact';
export type * from './optionPhotos';
export type * from './variantSelection';
export type * from './coupons';
export type * from './audit';
export type * from './insight';
export type * from './adminSearch';
export type * from './orderList';
export type * from './productAdmin';
export type * from './perUser';
export type * from './dates';
export type * from './releases';
export type * from './reviews';
export type * from './shipping';
export type * from './invoices';
export type * from './tax';
export type * from './shippingRates';
export type * from './password';
export type * from './staff';
export type * from './content';
export type * from './api';
