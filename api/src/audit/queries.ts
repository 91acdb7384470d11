// The audit log's SQL (issue 19; migration 017). Rows are only ever inserted: the table's trigger
// refuses UPDATE, DELETE and TRUNCATE.
import type { Queryable } from '../db/client.js';

export interface NewAuditRow {
  actorId: string | null;
  action: string;
  entity: string;
  entityId: string;
  before: string | null;
  after: string | null;
}

export const insertAudit = (q: Queryable, r: NewAuditRow) =>
  q.query(`INSERT INTO audit_log (actor_id, action, entity, entity_id, before, after) VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb)`, [
    r.actorId, r.action, r.entity, r.entityId, r.before, r.after,
  ]);

export interface AuditFilter {
  actorId: string | null;
  entity: string | null;
  from: Date | null;
  /** Exclusive. */
  toBefore: Date | null;
}

export interface AuditRow {
  id: string;
  at: Date | string;
  actor_id: string | null;
  full_name: string | null;
  email: string | null;
  action: string;
  entity: string;
  entity_id: string;
  before: unknown;
  after: unknown;
  subject: string | null;
}

// What an entry is about, named as it is now (issue 38, 18: never a bare id): a product's (or its
// stock's, or its review's) title, a currency's or coupon's code, a filter's name, a discount's title,
// an order's number, a user's e-mail. Null when the row is gone (its entry's own values name it) or
// the entity has no table here (a release's id is already its name). Only uuid ids are looked up.
const SUBJECT = `CASE WHEN a.entity_id ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN CASE a.entity
    WHEN 'product' THEN (SELECT p.title FROM products p WHERE p.id = a.entity_id::uuid)
    WHEN 'stock' THEN (SELECT p.title FROM products p WHERE p.id = a.entity_id::uuid)
    WHEN 'review' THEN (SELECT p.title FROM reviews r JOIN products p ON p.id = r.product_id WHERE r.id = a.entity_id::uuid)
    WHEN 'currency' THEN (SELECT c.code FROM currencies c WHERE c.id = a.entity_id::uuid)
    WHEN 'coupon' THEN (SELECT c.code FROM coupons c WHERE c.id = a.entity_id::uuid)
    WHEN 'filter' THEN (SELECT f.name FROM filters f WHERE f.id = a.entity_id::uuid)
    WHEN 'discount' THEN (SELECT d.title FROM discounts d WHERE d.id = a.entity_id::uuid)
    WHEN 'order' THEN (SELECT '#' || o.number FROM orders o WHERE o.id = a.entity_id::uuid)
    WHEN 'user' THEN (SELECT x.email FROM users x WHERE x.id = a.entity_id::uuid)
    WHEN 'staff' THEN (SELECT x.email FROM users x WHERE x.id = a.entity_id::uuid)
    WHEN 'role' THEN (SELECT r.name FROM roles r WHERE r.id = a.entity_id::uuid)
    WHEN 'shipping-zone' THEN (SELECT z.name FROM shipping_zones z WHERE z.id = a.entity_id::uuid)
    WHEN 'shipping-method' THEN (SELECT m.name FROM shipping_methods m WHERE m.id = a.entity_id::uuid)
    WHEN 'tax-class' THEN (SELECT c.name FROM tax_classes c WHERE c.id = a.entity_id::uuid)
  END END`;

// Each filter is either absent (its parameter null) or one of the indexes' leading columns:
// (at), (actor_id, at), (entity, at), all walked newest first.
const WHERE = `($1::uuid IS NULL OR a.actor_id = $1) AND ($2::text IS NULL OR a.entity = $2)
  AND ($3::timestamptz IS NULL OR a.at >= $3) AND ($4::timestamptz IS NULL OR a.at < $4)`;

/** One page, newest first, and how many entries the filters hold in all. */
export async function auditPage(q: Queryable, f: AuditFilter, limit: number, offset: number) {
  const params = [f.actorId, f.entity, f.from, f.toBefore];
  const [rows, count] = await Promise.all([
    q.query<AuditRow>(
      `SELECT a.id, a.at, a.actor_id, u.full_name, u.email, a.action, a.entity, a.entity_id, a.before, a.after, ${SUBJECT} AS subject
         FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
        WHERE ${WHERE}
        ORDER BY a.at DESC, a.id DESC LIMIT $5 OFFSET $6`,
      [...params, limit, offset],
    ),
    q.one<{ n: number }>(`SELECT count(*) AS n FROM audit_log a WHERE ${WHERE}`, params),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/**
 * Everyone with an entry (the page's 'person' filter), by name. The distinct actors are walked through
 * the (actor_id, at) index one id after the other (a loose index scan), not by reading every entry.
 */
export const actors = (q: Queryable) =>
  q.query<{ id: string; full_name: string; email: string }>(
    `WITH RECURSIVE a(id) AS (
       (SELECT actor_id FROM audit_log WHERE actor_id IS NOT NULL ORDER BY actor_id LIMIT 1)
       UNION ALL
       SELECT (SELECT l.actor_id FROM audit_log l WHERE l.actor_id > a.id ORDER BY l.actor_id LIMIT 1) FROM a WHERE a.id IS NOT NULL)
     SELECT u.id, u.full_name, u.email FROM a JOIN users u ON u.id = a.id ORDER BY u.full_name, u.email`,
  );

/** Every currency's code by id (an entry writes amounts by code). Read here, not through the currencies' service, which records its own entries through this module. */
export const currencyCodes = (q: Queryable) => q.query<{ id: string; code: string }>(`SELECT id, code FROM currencies`);
