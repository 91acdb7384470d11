import { useId, useState } from 'react';
import { call, urlOf, Button, inputClass, Modal, useLoad, type AuditEntry, type Column } from '@shop/shared';
import adminStyles from '../common/admin.module.css';
import { DateTime } from '../common/DateTime';
import { PagedList, usePagedList } from '../common/PagedList';
import { AdminLayout } from '../layout/AdminLayout';
import { auditChanges, auditSubject, fieldLabel, pathLabel, showValue } from './auditDiff';
import styles from './AuditLog.module.css';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITIES, AUDIT_ENTITY_LABELS } from '@shop/shared/src/contract';

export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_FAILED = 'Failed to fetch the audit log';

/** A day of the date inputs ('2026-03-04') as the start or the end of that day here, in ISO; '' stays ''. */
export function dayBound(day: string, end: boolean): string {
  if (!day) return '';
  const [y, m, d] = day.split('-').map(Number);
  return (end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d)).toISOString();
}

const who = (e: AuditEntry) => e.actor?.fullName || e.actor?.email || 'The shop';
/** The entry's name: as it recorded it, else as the row is called now, else (a row gone, unnamed) its kind's id. */
const named = (e: AuditEntry) => auditSubject(e.before, e.after) ?? e.subject;
const what = (e: AuditEntry) => `${AUDIT_ACTION_LABELS[e.action] ?? e.action} ${(AUDIT_ENTITY_LABELS[e.entity] ?? e.entity).toLowerCase()}`;

/**
 * /audit-log (issue 19): who changed what in the back office, newest first, filtered by person, kind
 * and dates (paged on the server); each entry opens its values before and after, side by side.
 */
export default function AuditLogPage() {
  const ids = useId();
  const [actor, setActor] = useState('');
  const [entity, setEntity] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const badRange = !!from && !!to && to < from;
  const actors = useLoad(urlOf('auditActors'), () => call('auditActors').then(({ data }) => data));
  const filters: Record<string, string> = badRange ? { actor, entity } : { actor, entity, from: dayBound(from, false), to: dayBound(to, true) };
  const list = usePagedList<AuditEntry>('auditLog', AUDIT_PAGE_SIZE, AUDIT_FAILED, filters);
  const filtered = !!(actor || entity || from || to);

  const columns: Column<AuditEntry>[] = [
    { header: 'When', cell: (e) => <DateTime iso={e.at} /> },
    {
      header: 'Who',
      cell: (e) => (
        <span className={styles.who}>
          {who(e)}
          {e.actor?.email && e.actor.fullName && <span className={adminStyles.muted}>{e.actor.email}</span>}
        </span>
      ),
    },
    { header: 'What', cell: (e) => <span className={`${styles.action} ${styles[e.action] ?? ''}`}>{what(e)}</span> },
    { header: 'Which', cell: (e) => <span className={styles.subject}>{named(e) ?? <span className={adminStyles.muted}>{e.entityId}</span>}</span> },
    {
      header: 'Changes',
      cell: (e) => {
        const changed = auditChanges(e.before, e.after);
        const fields = [...new Set(changed.map((c) => fieldLabel(c.path.split(' › ')[0])))];
        // The visible words start the button's name (what a voice user says), the entry's words follow.
        return (
          <button type="button" className={styles.details} onClick={() => setOpen(e)}>
            {fields.length ? fields.slice(0, 4).join(', ') + (fields.length > 4 ? ` +${fields.length - 4}` : '') : 'Details'}
            <span className="visually-hidden">{` — details of ${what(e)} ${named(e) ?? e.entityId}, by ${who(e)}`}</span>
          </button>
        );
      },
    },
  ];

  return (
    <AdminLayout title="Audit log" actions={<Button variant="secondary" size="small" onClick={list.loaded.reload} disabled={list.loaded.status === 'loading'}>Refresh</Button>}>
      <p className={styles.lead}>Every change made in the back office: who made it, when, and the values before and after. Entries cannot be edited or deleted.</p>
      <form className={styles.filters} onSubmit={(ev) => ev.preventDefault()} aria-label="Filter the audit log">
        <div>
          <label className={adminStyles.label} htmlFor={`${ids}-actor`}>Person</label>
          <select id={`${ids}-actor`} className={adminStyles.select} value={actor} onChange={(ev) => setActor(ev.target.value)}>
            <option value="">Everyone</option>
            {(actors.data ?? []).map((a) => (
              <option key={a._id} value={a._id}>{a.fullName ? `${a.fullName} (${a.email})` : a.email}</option>
            ))}
          </select>
        </div>
        <div>
          <label className={adminStyles.label} htmlFor={`${ids}-entity`}>Kind</label>
          <select id={`${ids}-entity`} className={adminStyles.select} value={entity} onChange={(ev) => setEntity(ev.target.value)}>
            <option value="">Everything</option>
            {AUDIT_ENTITIES.map((e) => (
              <option key={e} value={e}>{AUDIT_ENTITY_LABELS[e]}</option>
            ))}
          </select>
        </div>
        <div>
          <label className={adminStyles.label} htmlFor={`${ids}-from`}>From</label>
          <input id={`${ids}-from`} type="date" className={inputClass} value={from} max={to || undefined} onChange={(ev) => setFrom(ev.target.value)} />
        </div>
        <div>
          <label className={adminStyles.label} htmlFor={`${ids}-to`}>To</label>
          <input
            id={`${ids}-to`}
            type="date"
            className={inputClass}
            value={to}
            min={from || undefined}
            onChange={(ev) => setTo(ev.target.value)}
            aria-invalid={badRange}
            aria-describedby={badRange ? `${ids}-range` : undefined}
          />
        </div>
        {filtered && (
          <div className={styles.clear}>
            <Button variant="secondary" size="small" type="button" onClick={() => { setActor(''); setEntity(''); setFrom(''); setTo(''); }}>
              Clear filters
            </Button>
          </div>
        )}
        {badRange && <p id={`${ids}-range`} className={`${adminStyles.error} ${styles.rangeError}`} role="alert">The end date is before the start date.</p>}
      </form>
      <div className={styles.list}>
        <PagedList list={list} columns={columns} caption="Audit log, newest first" empty={filtered ? 'No change matches these filters.' : 'No change recorded yet.'} />
      </div>
      <AuditEntryModal entry={open} onClose={() => setOpen(null)} />
    </AdminLayout>
  );
}

/** One entry: who, when, and each value that changed, before and after. */
export function AuditEntryModal({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  if (!entry) return null;
  const subject = named(entry);
  const changes = auditChanges(entry.before, entry.after);
  return (
    <Modal open title={`${what(entry)}${subject ? `: ${subject}` : ''}`} onClose={onClose} wide>
      <dl className={styles.facts}>
        <dt>By</dt>
        <dd>{who(entry)}{entry.actor?.email && entry.actor.fullName ? ` (${entry.actor.email})` : ''}</dd>
        <dt>When</dt>
        <dd><DateTime iso={entry.at} /></dd>
        <dt>Id</dt>
        <dd className={styles.id}>{entry.entityId}</dd>
      </dl>
      {changes.length ? (
        <div className={styles.diffWrap}>
          <table className={styles.diff}>
            <caption className="visually-hidden">Values before and after the change</caption>
            <thead>
              <tr><th scope="col">Field</th><th scope="col">Before</th><th scope="col">After</th></tr>
            </thead>
            <tbody>
              {changes.map((c) => (
                <tr key={c.path}>
                  <th scope="row">{c.path ? pathLabel(c.path) : 'Value'}</th>
                  <td className={c.before === undefined ? styles.none : styles.removed}>{c.before === undefined ? '—' : showValue(c.before) || '(empty)'}</td>
                  <td className={c.after === undefined ? styles.none : styles.added}>{c.after === undefined ? '—' : showValue(c.after) || '(empty)'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className={adminStyles.muted}>No values were recorded for this change.</p>
      )}
    </Modal>
  );
}
