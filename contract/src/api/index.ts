// The endpoint map (issue 35): every endpoint of the API, declared once. Add one here (in its group's
// file), then register it in the API with route() (api/src/lib/endpoints.ts) and call it from a front
// end with call() (@shop/shared); the tests fail until both sides agree.
import { backOfficeEndpoints } from './backOffice';
import { catalogEndpoints } from './catalog';
import { shopEndpoints } from './shop';
import { accountEndpoints } from './accounts';
import { salesEndpoints } from './sales';
import { releaseEndpoints } from './releases';
import { reviewEndpoints } from './reviews';
import { invoiceEndpoints } from './invoices';
import { shippingTaxEndpoints } from './shippingTax';
import { staffEndpoints } from './staff';
import { contentEndpoints } from './content';
import { cardEndpoints } from './cards';
import { guestEndpoints } from './guests';

export const endpoints = { ...catalogEndpoints, ...shopEndpoints, ...backOfficeEndpoints, ...accountEndpoints, ...salesEndpoints, ...reviewEndpoints, ...releaseEndpoints, ...shippingTaxEndpoints, ...invoiceEndpoints, ...staffEndpoints, ...contentEndpoints, ...cardEndpoints, ...guestEndpoints };
export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;

export * from './endpoint';
export * as schemas from './shapes';
export { CART_MAX_QUANTITY } from './shop';
export { HOME_SECTIONS, PRODUCT_STATUS_VALUES, SORT_BY_VALUES, STOCK_FILTER_VALUES } from './search';
export { REPORT_PERIODS } from './backOffice';
export { SHIPPING_LIMITS } from './shippingTax';
export { ProductForm } from './catalog';
export { StoreSettings, StoreSettingsBody } from './invoices';
export { CART_TOKEN_HEADER, GUEST_CART_DAYS, GUEST_CART_MAX_LINES, GUEST_TOKEN_PATTERN } from './values';
export { ContentHomeBody, ContentFooterBody, ContentPageBody, type ContentHome, type ContentFooter, type ContentPageInput, type StorefrontContentAnswer } from './content';
export { Message as MessageAnswer, UUID } from './schema';
export { Type, type Static, type TSchema } from '@sinclair/typebox';
export { ENDPOINT_ROUTES, type EndpointRoute } from './routeTable';
