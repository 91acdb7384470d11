// Tests only (AppOptions.checkAnswers, set by the test harness): every answer of an endpoint of the map
// is checked against its schema for that status, every field named and none left out (kept catalogue
// bytes are sent as they are, past the serializer: this is where a field they carry beyond the map shows).
// A mismatch turns the answer into a 500 that says what is wrong, so the test that made the call fails.
import zlib from 'node:zlib';
import Ajv, { type ValidateFunction } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { endpoints, type Endpoint, type TSchema } from '@shop/contract';

type Schema = Record<string, unknown>;

/** The schema with no field left undocumented: every object that names its properties takes no others. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) out[k] = k === 'properties' ? Object.fromEntries(Object.entries(v as Schema).map(([p, s]) => [p, closed(s)])) : closed(v);
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

const ISO_DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

function bodyText(payload: unknown, encoding: unknown): string | null {
  if (typeof payload === 'string') return payload;
  if (!Buffer.isBuffer(payload)) return null; // a stream (a CSV download)
  if (encoding === 'gzip') return zlib.gunzipSync(payload).toString('utf8');
  if (encoding === 'br') return zlib.brotliDecompressSync(payload).toString('utf8');
  if (encoding === 'deflate') return zlib.inflateSync(payload).toString('utf8');
  return payload.toString('utf8');
}

/**
 * Dates made in another realm (jest runs the test files in a context of their own, while the embedded
 * database's ES module, loaded natively, makes its Dates in Node's own) are not `instanceof Date` here,
 * and the serializer refuses them. Made this realm's Dates again: one realm in production, where this
 * never runs.
 */
function sameRealmDates(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  if (Object.prototype.toString.call(value) === '[object Date]') return value instanceof Date ? value : new Date((value as Date).getTime());
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = sameRealmDates(value[i]);
    return value;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null && !Object.prototype.toString.call(value).startsWith('[object Object')) return value;
  for (const [k, v] of Object.entries(value)) if (v && typeof v === 'object') (value as Record<string, unknown>)[k] = sameRealmDates(v);
  return value;
}

/** Every route an app checked by checkAnswers registered under /api, hidden from the document or not ("GET /api/x/:id"). */
const apiRoutes = new WeakMap<FastifyInstance, string[]>();
export const apiRoutesOf = (app: FastifyInstance): readonly string[] => apiRoutes.get(app) ?? [];

export function checkAnswers(app: FastifyInstance): void {
  // Registered before the routes: every route of every scope passes here (docs/endpointMap.test.ts).
  const routes: string[] = [];
  apiRoutes.set(app, routes);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD' && r.url.startsWith('/api/')) routes.push(`${method} ${r.url}`);
  });
  app.addHook('preSerialization', async (_req, _reply, payload) => sameRealmDates(payload));
  const byRoute = new Map<string, Endpoint>(Object.values(endpoints).map((e: Endpoint) => [`${e.method} /api${e.path}`, e]));
  const ajv = new Ajv({ strict: false, allErrors: true, allowUnionTypes: true, formats: { 'date-time': (s: string) => ISO_DATE_TIME.test(s) && !Number.isNaN(Date.parse(s)) } });
  const compiled = new Map<TSchema, ValidateFunction>();
  app.addHook('onSend', async (req, reply, payload) => {
    const e = byRoute.get(`${req.method} ${req.routeOptions.url}`);
    const schema = e?.answers[reply.statusCode];
    if (!e || !schema || reply.statusCode === 204 || schema.contentMediaType) return payload;
    const text = bodyText(payload, reply.getHeader('content-encoding'));
    if (text === null) return payload;
    const validate = compiled.get(schema) ?? ajv.compile(closed(schema) as Schema);
    compiled.set(schema, validate);
    if (validate(JSON.parse(text))) return payload;
    const status = reply.statusCode;
    const errors = (validate.errors ?? []).slice(0, 5).map((err) => `${err.instancePath} ${err.message} ${JSON.stringify(err.params)}`);
    reply.code(500).removeHeader('content-encoding').removeHeader('content-length').type('application/json; charset=utf-8');
    return JSON.stringify({ message: `The answer of ${e.method} ${e.path} (${status}) is not what the endpoint map says: ${errors.join('; ')}` });
  });
}
