// @shop/contract: what the API, the shell and every remote agree on, written once. Pure TypeScript (no
// React, no Node), imported by the API directly and by the front ends through @shop/shared.
export * from './wire';
export * from './money';
export * from './routes';
export * from './routePaths';
export * from './fragments';
export * from './web';
export * from './pageHead';
export * from './stock';
export * from './contact';
export * from './optionPhotos';
export * from './variantSelection';
export * from './format';
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
export * from './locales';
export * from './api';
export * from './password';
