// The locale of a read (issue 37): ?locale= wins over Accept-Language; anything the shop does not have
// is English (contract localeOf), never an error.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LOCALES, type Locale, localeOf } from '@shop/contract';

/** A read's querystring property: any text is taken (an unknown locale is English), bounded. */
export const localeQuery = {
  locale: { type: 'string', maxLength: 35, description: `the language of the texts: ${LOCALES.map((l) => l.code).join(', ')} (else Accept-Language; English when the shop does not have it)` },
} as const;

/** The request's locale; the answer varies with Accept-Language (a cache keeps one per language). */
export function requestLocale(req: FastifyRequest, reply?: FastifyReply): Locale {
  reply?.header('Vary', 'Accept-Language');
  return localeOf((req.query as { locale?: unknown } | undefined)?.locale, req.headers['accept-language']);
}
