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
