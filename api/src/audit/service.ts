// The audit log (issue 19): every admin write records who did what, and the values before and after,
// in the SAME transaction as the write (pass the transaction's Queryable, e.g. inside db.tx), so a
// write that fails and rolls back leaves no entry, and a committed one always has its entry.
import type { AuditAction, AuditActor, AuditEntity, AuditEntry, AuditJson, AuditLogPage, Price } from '@shop/contract';
import type { Queryable } from '../db/client.js';
import { badRequest } from '../lib/errors.js';
import { dateField } from '../lib/schemas.js';
import * as Q from './queries.js';

export interface AuditInput {
  /** The admin who made the change (req.user.id); null only for a change no person made. */
  actorId: string | null;
  action: AuditAction;
  entity: AuditEntity;
  entityId: string;
  /** The row's relevant values before the change (small JSON, not a whole catalogue); null or absent for a creation. */
  before?: unknown;
  /** The values after it; null or absent for a deletion. */
  after?: unknown;
}

/** JSON text for a jsonb column: undefined and null are SQL null; dates become ISO strings (JSON.stringify). */
const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/** Records one entry in q's transaction: call it inside the db.tx of the write it records. */
export async function recordAudit(q: Queryable, e: AuditInput): Promise<void> {
  await Q.insertAudit(q, { actorId: e.actorId, action: e.action, entity: e.entity, entityId: e.entityId, before: json(e.before), after: json(e.after) });
}

/**
 * An update's before and after, each keeping only the keys whose values differ (compared as JSON), so
 * an entry holds what changed and not the whole row: changes({ a: 1, b: 2 }, { a: 1, b: 3 }) is
 * { before: { b: 2 }, after: { b: 3 } }.
 */
export function changes<T extends object>(before: T, after: T): { before: Partial<T>; after: Partial<T> } {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof T>) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    if (key in before) b[key] = before[key];
    if (key in after) a[key] = after[key];
  }
  return { before: b, after: a };
}

/**
 * Records an update as what changed between before and after (changes()); an update that changed
 * nothing records nothing. Answers whether it recorded. `about` names the row on both sides (a title,
 * a code, an e-mail) when that did not change, so the entry says what it is about on its own.
 */
export async function recordChanges<T extends object>(
  q: Queryable,
  { about = {}, ...e }: Omit<AuditInput, 'before' | 'after'> & { about?: Record<string, unknown> },
  before: T,
  after: T,
): Promise<boolean> {
  const diff = changes(before, after);
  if (!Object.keys(diff.before).length && !Object.keys(diff.after).length) return false;
  await recordAudit(q, { ...e, before: { ...about, ...diff.before }, after: { ...about, ...diff.after } });
  return true;
}

/** Currency id -> code, to write amounts readably (byCode). */
export async function currencyCodes(q: Queryable): Promise<Map<string, string>> {
  return new Map((await Q.currencyCodes(q)).map((c) => [c.id, c.code]));
}
/** A price list as the log keeps it: { USD: 120, EUR: 110 } (major units; a currency without an amount left out). */
export function byCode(prices: readonly Price[], codes: Map<string, string>): Record<string, number> {
  return Object.fromEntries(prices.filter((p) => p.amount).map((p) => [codes.get(p.currType) ?? p.currType, p.amount]));
}

/** GET /audit-log's query, as validated by its route's schema (the dates checked here). */
export interface AuditListQuery {
  page: number;
  limit: number;
  actor?: string;
  entity?: AuditEntity;
  from?: string;
  to?: string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** GET /audit-log: newest first, filtered by actor, entity and a time range (both bounds included). */
export async function listAudit(q: Queryable, query: AuditListQuery): Promise<AuditLogPage> {
  const from = dateField(query.from, 'from');
  const to = dateField(query.to, 'to');
  if (from && to && to < from) throw badRequest('to must not be before from');
  const { page, limit } = query;
  // The database keeps microseconds, an answer's `at` milliseconds: `to` takes in the whole millisecond it names.
  const toBefore = to && new Date(to.getTime() + 1);
  const { rows, total } = await Q.auditPage(q, { actorId: query.actor ?? null, entity: query.entity ?? null, from, toBefore }, limit, (page - 1) * limit);
  const items: AuditEntry[] = rows.map((r) => ({
    _id: r.id,
    at: iso(r.at),
    actor: r.actor_id ? { _id: r.actor_id, fullName: r.full_name ?? '', email: r.email ?? '' } : null,
    action: r.action as AuditAction,
    entity: r.entity as AuditEntity,
    entityId: r.entity_id,
    before: (r.before ?? null) as AuditJson | null,
    after: (r.after ?? null) as AuditJson | null,
    subject: r.subject,
  }));
  return { items, itemCount: total, page, limit };
}

/** GET /audit-log/actors: the people who have entries, by name. */
export async function listActors(q: Queryable): Promise<AuditActor[]> {
  return (await Q.actors(q)).map((r) => ({ _id: r.id, fullName: r.full_name, email: r.email }));
}
