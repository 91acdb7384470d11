// @shop/contract as the browser's bundles take it (scripts/webpack/createConfig.js aliases the package to
// this file): everything index.ts offers but the endpoint map's schemas, which only the API runs (its
// validation, serialization and docs). The browser's client reads the map's routes from ENDPOINT_ROUTES,
// so no page ships TypeBox or the schemas (issue 37: the home's JavaScript budget). The types are
// index.ts's, unchanged; browser.test.ts holds the two files' values equal but for those named there.
// The singleton's core (browserCore.ts), then the values of the other modules.
export * from './browserCore';
export * from './stock';
export * from './contact';
export * from './optionPhotos';
export * from './variantSelection';
export * from './coupons';
export * from './audit';
export * from './insight';
export * from './adminSearch';
export * from './orderList';
export * from './productAdmin';
export * from './perUser';
export * from './dates';
export * from './releases';
export * from './reviews';
export * from './shipping';
export * from './invoices';
export * from './tax';
export * from './shippingRates';
export * from './password';
export * from './staff';
export * from './content';
