// The audit log (issue 19): every admin write records who did what, and the values before and after,
// in the SAME transaction as the write (pass the transaction's Queryable, e.g. inside db.tx), so a
// write that fails and rolls back leaves no entry, and a committed one always has its entry.
import type { AuditAction, AuditEntity } from '@shop/contract';
import type { Queryable } from '../db/client.js';
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
