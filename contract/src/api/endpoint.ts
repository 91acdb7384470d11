// An endpoint of the API, declared once (issue 35): the API registers it from this (validation, answer
// serialization, who may call it, its OpenAPI entry), the shared client calls it from this, and the
// types of both come from the same schemas.
import type { Static, TSchema } from '@sinclair/typebox';
import type { Permission } from '../staff';

/**
 * Who may call an endpoint. anyone: no token needed (one sent is read where the answer depends on
 * it); customer: any signed-in account (admins too); admin; superAdmin; deployer: a deploy token of
 * the remote or a super admin (issue 36; the route finds which before reading the body).
 */
export type Access = 'anyone' | 'customer' | 'admin' | 'superAdmin' | 'deployer';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: Method;
  /** Under the API's /api prefix, Fastify's pattern: '/filter/:id'. */
  path: string;
  access: Access;
  /**
   * Issue 42: the permission a staff member's role needs (contract staff.ts). Every 'admin' and
   * 'superAdmin' endpoint names one (the API checks it in one place, lib/endpoints.ts, and
   * staff/permissionMatrix.test.ts fails for one that does not); a 'deployer' endpoint's staff callers
   * need it too. On a 'customer' or 'anyone' endpoint it names what widens the answer for staff (all
   * orders instead of one's own).
   */
  permission?: Permission;
  /** OpenAPI grouping. */
  tags: string[];
  summary?: string;
  description?: string;
  params?: TSchema;
  query?: TSchema;
  /** A JSON body's schema. */
  body?: TSchema;
  /** A body of another kind, read by the route itself: a multipart form (product photos), a CSV file. */
  consumes?: 'multipart/form-data' | 'text/csv';
  /** The answer per status: the success's, and any whose body is not the usual { message }. */
  answers: Partial<Record<number, TSchema>>;
}

/** Declares an endpoint, keeping its literal types (the client's and the API's types come from them). */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

type StaticOf<S> = S extends TSchema ? Static<S> : undefined;
export type ParamsOf<E extends Endpoint> = StaticOf<E['params']>;
export type QueryOf<E extends Endpoint> = StaticOf<E['query']>;
export type BodyOf<E extends Endpoint> = StaticOf<E['body']>;
/** What a request may send: the query's fields are optional where they have a default. */
export type QueryInput<E extends Endpoint> = E['query'] extends TSchema ? Partial<Static<E['query']>> : undefined;

type SuccessStatus = 200 | 201 | 204;
/** The success answer's type (200, 201 or 204). */
export type AnswerOf<E extends Endpoint> = {
  [S in keyof E['answers']]: S extends SuccessStatus ? StaticOf<E['answers'][S]> : never;
}[keyof E['answers']];

/** '/filter/:id' with { id } → '/filter/<id>' (each value URI-encoded). */
export function pathOf(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
