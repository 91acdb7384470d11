// The money rules of SPEC §9 live once, in @shop/contract (money.ts): the cart, the order preview and
// POST /order charge with them, and the browser previews with the very same functions. Here: only the
// server's refusal for a product that has no price in a currency.
import { badRequest } from '../lib/errors.js';

/** The 4xx for a product with no price in a currency; it names both. */
export const notAvailableIn = (title: string, currencyCode: string) => badRequest(`"${title}" is not available in ${currencyCode}`);
