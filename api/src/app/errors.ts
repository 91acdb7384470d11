import type { FastifyError, FastifyInstance } from 'fastify';
import { DEFAULT_LOCALE } from '@shop/contract';
import { isDatabaseUnavailable } from '../db/client.js';
import { fieldWords } from '../lib/fieldWords.js';
import { requestLocale } from '../lib/locale.js';
import { fieldsIn, serverTextIn } from '../lib/serverTexts.js';

// How a request's failure is answered: bad input is a 400 naming the field, a refusal its own 4xx with
// { message }, a database error a client caused its 4xx, an unreachable database a 503 to retry, and
// anything else a 500 that says nothing of the inside (logged in full).

/** What a request that needed the database is told while it cannot be reached (issue 16 #8). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The shop is temporarily unavailable. Please try again in a moment.';
const DATABASE_RETRY_AFTER_S = 5;

const PG_CLIENT_ERRORS: Record<string, [number, string]> = {
  '22P02': [400, 'Invalid input'],
  '22003': [400, 'A number is out of range'],
  '22001': [400, 'A value is too long'],
  '22021': [400, 'Input contains characters that are not allowed'],
  '22P05': [400, 'Input contains characters that are not allowed'],
  '54001': [400, 'Input is too complex'],
  '23505': [409, 'This already exists'],
  '23503': [409, 'A referenced item does not exist or is still in use'],
  // statement_timeout (PG_STATEMENT_TIMEOUT_MS): the database is overloaded; the client may retry.
  '57014': [503, 'The shop is busy, please try again'],
  '23514': [400, 'A value is not allowed'],
  // A date the database cannot hold (inputs are checked first: discounts/service.ts); a safety net.
  '22008': [400, 'A date is out of range'],
  '22009': [400, 'A date is out of range'],
};

const badRequest = (message: string) => Object.assign(new Error(message) as FastifyError, { statusCode: 400 });

/** JSON: an empty body counts as no body; malformed JSON is a 400 that says so. JSON and multipart only: anything else is 415. */
export function registerBodyParsers(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (!text.trim()) return done(null, undefined);
    if (text.includes('\\u0000') || text.includes('\u0000')) return done(badRequest('Body must not contain NUL characters'), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(badRequest('Body is not valid JSON'), undefined);
    }
  });
}

export function registerErrorMapping(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & { retryAfter?: number; code?: string }, req, reply) => {
    if (err.validation) {
      const text = err.message.replace(/must match pattern "\^\[0-9a-fA-F\]\{8\}[^"]*"/g, 'must be a valid id');
      const fields = err.validationContext === 'body' ? fieldWords(err.validation) : {};
      if (!Object.keys(fields).length) return reply.code(400).send({ message: text });
      // Issue 37: the fields' words in the caller's language; the message too, as the first field's words
      // (the schema validator's own sentence, in English, stays the English answer).
      const locale = requestLocale(req, reply);
      if (locale === DEFAULT_LOCALE) return reply.code(400).send({ message: text, fields });
      const said = fieldsIn(fields, locale);
      return reply.code(400).send({ message: Object.values(said)[0], fields: said });
    }
    if (err.retryAfter) reply.header('Retry-After', String(err.retryAfter));
    const status = err.statusCode ?? 500;
    const fields = (err as { fields?: Record<string, string> }).fields;
    // Issue 42: a refusal the back office acts on names itself (TWO_FACTOR_SETUP_REQUIRED, PERMISSION_MISSING).
    const reason = (err as { reason?: string }).reason;
    if (status >= 400 && status < 500) {
      // Issue 37: a refusal in the caller's language (lib/serverTexts.ts; English as it was written).
      const locale = requestLocale(req, reply);
      const message = serverTextIn(err.message, locale);
      return reply.code(status).send({ message, ...(fields && { fields: fieldsIn(fields, locale) }), ...(reason && { code: reason }) });
    }
    const pgErr = err.code ? PG_CLIENT_ERRORS[err.code] : undefined;
    if (pgErr) return reply.code(pgErr[0]).send({ message: pgErr[1] });
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply.code(503).header('Retry-After', String(DATABASE_RETRY_AFTER_S)).send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    req.log.error(err);
    return reply.code(500).send({ message: 'Internal server error' });
  });
}
