// Issue 43: what an order preview and the shipping options read that changes rarely, the shipping setup
// (issue 39: zones, their countries, methods with their bands) and the tax classes and rates, is kept in
// the catalogue's memory (shipping/service.ts shippingFor, tax/service.ts countryTaxOf with `remember`): one
// statement per preview, the cart's, instead of three. So a write to them bumps the catalogue version as a
// content edit does (043's storefront_content_changed: every API process drops its kept answers, the
// product pages stay), and the next preview on any process reads the new setup. The order itself reads them
// in its own transaction, as before. Each trigger stays on one line: migrations are split at ";" + newline.
import { triggers } from './043_storefront_content.js';

const TABLES = ['shipping_zones', 'shipping_zone_countries', 'shipping_methods', 'tax_classes', 'tax_rates'];

export default `
${TABLES.map(triggers).join('\n')}
`;
