import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../lib/errors.js';
import { endpoints as E } from '@shop/contract';
import { route } from '../lib/endpoints.js';
import { sendHttpErrors } from '../lib/schemas.js';
import { isIso4217, type Rates } from './service.js';

export interface RatesDeps {
  rates: Rates;
  /** The codes of the shop's own currencies (anyone may ask for their rates). */
  shopCodes: () => Promise<string[]>;
  /** Sets req.user when a token comes: an admin may ask for any ISO 4217 code (a currency about to be added). */
  optionalUser: (req: FastifyRequest) => Promise<void>;
}

/** The answer to a code nobody may ask the provider about: no call goes out for it (issue 34 #7). */
export const UNKNOWN_CURRENCY = 'Unknown currency code';

/** GET /rates/:base -> { base, rates: { CODE: number }, stale }, from the cached provider. */
export async function ratesRoutes(app: FastifyInstance, deps: RatesDeps): Promise<void> {
  sendHttpErrors(app);
  route(app, null, E.rates, async (req, reply) => {
    const base = req.params.base.toUpperCase();
    // Checked before any call goes out: an anonymous caller cannot make the shop ask about any three letters.
    const admin = () => deps.optionalUser(req).then(() => req.user?.role === 'admin', () => false);
    const allowed = (await deps.shopCodes()).some((code) => code.toUpperCase() === base) || (isIso4217(base) && (await admin()));
    if (!allowed) throw new HttpError(400, UNKNOWN_CURRENCY);
    const { rates, stale } = await deps.rates.quote(base);
    // Stale rates are asked again within the minute: no cache may keep them longer.
    reply.header('Cache-Control', stale ? 'no-store' : 'public, max-age=600');
    return { base, rates, stale };
  });
}
