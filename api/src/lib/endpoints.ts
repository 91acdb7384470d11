// Registers the API's routes from the endpoint map (@shop/contract, issue 35): each route's path,
// validation, answer serialization, OpenAPI entry and who may call it come from its declaration there.
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteOptions } from 'fastify';
import type { AnswerOf, BodyOf, Endpoint, ParamsOf, QueryOf } from '@shop/contract';
import type { Auth } from './auth.js';
import { badRequest } from './errors.js';
import { bearer } from './schemas.js';

export type EndpointRequest<E extends Endpoint> = FastifyRequest<{ Params: ParamsOf<E>; Querystring: QueryOf<E>; Body: BodyOf<E> }>;
/** A handler answers its endpoint's success answer, or sends through reply (another status, kept bytes, a stream). */
export type EndpointHandler<E extends Endpoint> = (req: EndpointRequest<E>, reply: FastifyReply) => Promise<AnswerOf<E> | FastifyReply> | AnswerOf<E> | FastifyReply;

/** What the map does not say of a route. */
export interface RouteExtras<E extends Endpoint> {
  bodyLimit?: number;
  /** A limit's check, after validation (the body is read). */
  preHandler?: (req: EndpointRequest<E>) => Promise<void>;
  /** false: the answer is never compressed. */
  compress?: false;
  /** Who may call it, for an access the app's auth does not check alone ('deployer'). */
  onRequest?: (req: FastifyRequest) => Promise<void>;
}

/** An answer of another type than JSON (a CSV download, a page for a person): documented as its type, never serialized. */
const mediaTypeOf = (schema: unknown) => (schema as { contentMediaType?: string } | undefined)?.contentMediaType;

/** Fastify's schema for an endpoint: request schemas, answer schemas per status, the docs' fields. */
export function fastifySchema(e: Endpoint): FastifySchema & Record<string, unknown> {
  const response: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(e.answers)) {
    const type = mediaTypeOf(schema);
    response[status] = schema && type ? { description: schema.description, content: { [type]: { schema: { type: 'string' } } } } : schema;
  }
  return {
    tags: e.tags,
    ...(e.summary && { summary: e.summary }),
    ...(e.description && { description: e.description }),
    ...(e.access !== 'anyone' && { security: bearer }),
    ...(e.consumes && { consumes: [e.consumes] }),
    ...(e.params && { params: e.params }),
    ...(e.query && { querystring: e.query }),
    ...(e.body && { body: e.body }),
    response,
  };
}

/** The onRequest hook that lets only the endpoint's callers through (anyone: none). */
function accessCheck(auth: Auth | null, e: Endpoint) {
  if (e.access === 'anyone') return undefined;
  if (!auth) throw new Error(`${e.method} ${e.path} is for signed-in callers: register it with the app's auth`);
  switch (e.access) {
    case 'customer':
      return auth.user;
    case 'admin':
      // Issue 42: the one place a back-office route's permission is checked (an endpoint naming none: the Owners' alone).
      return auth.staff(e.permission);
    case 'superAdmin':
      return auth.superAdminWith(e.permission);
    case 'deployer':
      return undefined; // the route's own onRequest (RouteExtras)
  }
}

/**
 * ajv coerces a query's 'Infinity' into a number its integer, minimum and maximum checks let through
 * (the fuzz found page=Infinity reaching the search): refused here, a 400 naming the parameter.
 */
async function finiteQuery(req: FastifyRequest) {
  for (const [name, value] of Object.entries((req.query ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'number' && !Number.isFinite(value)) throw badRequest(`querystring/${name} must be a finite number`);
  }
}

/**
 * Registers endpoint e in app (a scope under /api) with its handler. auth: the app's (null only for
 * an endpoint anyone may call). `options`: what the map does not say: a route's own body limit, a limit's check, no compression.
 */
export function route<E extends Endpoint>(app: FastifyInstance, auth: Auth | null, e: E, handler: EndpointHandler<E>, options: RouteExtras<E> = {}): void {
  const onRequest = accessCheck(auth, e);
  const { preHandler, ...extras } = options;
  const preHandlers = [...(e.query ? [finiteQuery] : []), ...(preHandler ? [preHandler] : [])];
  app.route({
    method: e.method,
    url: e.path,
    schema: fastifySchema(e),
    ...(onRequest && { onRequest }),
    ...(preHandlers.length && { preHandler: preHandlers as RouteOptions['preHandler'] }),
    ...(extras as object),
    handler: handler as RouteOptions['handler'],
  });
}
