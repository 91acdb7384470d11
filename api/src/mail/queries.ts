import type { Queryable } from '../db/client.js';
import type { MailMessage } from './messages.js';

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface MailRow {
  id: string;
  idempotency_key: string;
  kind: string;
  to_address: string;
  reply_to: string | null;
  message: MailMessage;
  status: MailStatus;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  subject: string | null;
  html: string | null;
  text_body: string | null;
  /** The message's secret, sealed (secrets.ts), until the e-mail is delivered or given up. */
  secret: string | null;
  sent_at: Date | null;
  created_at: Date;
}

/** An outbox row to add: the message as JSON. */
export interface NewMail {
  key: string;
  kind: string;
  to: string;
  replyTo: string | null;
  message: string;
  /** Sealed (secrets.ts); written by insertMail, and by the checkout's confirmation for a guest's order link (issue 40). */
  secret?: string | null;
}

/**
 * The insert of a message, unless one with its key is there already (the same event enqueued twice
 * sends once), for a statement that may write more. `p` names the parameters of the row's values, in NewMail's order
 * (mailParams); a NULL `to` writes nothing.
 */
export const insertMailSql = ([key, kind, to, replyTo, message, secret = 'NULL']: [string, string, string, string, string, string?]) =>
  `INSERT INTO mail_outbox (idempotency_key, kind, to_address, reply_to, message, secret)
   SELECT ${key}::text, ${kind}::text, ${to}::text, ${replyTo}::text, ${message}::jsonb, ${secret}::text WHERE ${to}::text IS NOT NULL
   ON CONFLICT (idempotency_key) DO NOTHING`;

export const mailParams = (m: NewMail) => [m.key, m.kind, m.to, m.replyTo, m.message];

export const insertMail = (q: Queryable, m: NewMail) =>
  q.query(insertMailSql(['$1', '$2', '$3', '$4', '$5', '$6']), [...mailParams(m), m.secret ?? null], 'mail-insert');

/**
 * Takes up to `limit` messages due now: pending ones whose time has come, and ones another sender
 * took and did not finish within its lease (it died). SKIP LOCKED: two senders never take the same row.
 */
export const claimDue = (q: Queryable, limit: number, leaseMs: number) =>
  q.query<MailRow>(
    `UPDATE mail_outbox m SET status = 'sending', attempts = m.attempts + 1, lease_until = clock_timestamp() + $2 * interval '1 millisecond'
      WHERE m.id IN (SELECT id FROM mail_outbox
                      WHERE (status = 'pending' AND next_attempt_at <= clock_timestamp()) OR (status = 'sending' AND lease_until < clock_timestamp())
                      ORDER BY next_attempt_at, id LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING m.*`,
    [limit, leaseMs],
    'mail-claim',
  );

/** A message delivered, with what was sent (the admin's preview). */
export interface SentMail {
  id: string;
  attempt: number;
  subject: string;
  html: string;
  text: string;
}

/**
 * Delivered: kept with what was sent (its secret hidden: secrets.ts), a batch in one statement (one
 * commit for the batch, not one per e-mail), and the sealed secret wiped. Only rows still under the
 * lease of the attempt that sent them.
 */
export const markSent = (q: Queryable, sent: SentMail[]) =>
  q.query(
    `UPDATE mail_outbox m SET status = 'sent', sent_at = clock_timestamp(), lease_until = NULL, last_error = NULL, secret = NULL, subject = s.subject, html = s.html, text_body = s.text
       FROM json_to_recordset($1::json) AS s (id uuid, attempt integer, subject text, html text, text text)
      WHERE m.id = s.id AND m.status = 'sending' AND m.attempts = s.attempt`,
    [JSON.stringify(sent)],
    'mail-sent',
  );

/** Not delivered this time: tried again after `retryInMs` (its secret kept for then), or given up (failed, the secret wiped) when that is null. */
export const markNotSent = (q: Queryable, id: string, attempt: number, error: string, retryInMs: number | null) =>
  q.query(
    `UPDATE mail_outbox SET status = CASE WHEN $4::float8 IS NULL THEN 'failed' ELSE 'pending' END, lease_until = NULL, last_error = $3,
            secret = CASE WHEN $4::float8 IS NULL THEN NULL ELSE secret END,
            next_attempt_at = clock_timestamp() + coalesce($4::float8, 0) * interval '1 millisecond'
      WHERE id = $1 AND status = 'sending' AND attempts = $2`,
    [id, attempt, error.slice(0, 1000), retryInMs],
  );

/** The admin's list, newest first. */
export async function listMails(q: Queryable, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    q.query<Omit<MailRow, 'message' | 'html' | 'text_body' | 'secret'>>(
      `SELECT id, idempotency_key, kind, to_address, reply_to, status, attempts, next_attempt_at, last_error, subject, sent_at, created_at
         FROM mail_outbox ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`,
      [limit, offset],
    ),
    q.one<{ n: number }>(`SELECT count(*)::int AS n FROM mail_outbox`),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** One e-mail for the admin's preview: never its message or sealed secret. */
export const getMail = (q: Queryable, id: string) =>
  q.one<Omit<MailRow, 'message' | 'secret'>>(
    `SELECT id, idempotency_key, kind, to_address, reply_to, status, attempts, next_attempt_at, last_error, subject, html, text_body, sent_at, created_at
       FROM mail_outbox WHERE id = $1`,
    [id],
  );

/** E-mails not delivered yet (waiting, being sent, or to be tried again): counted on the sender's own partial index. */
export const outboxDepth = async (q: Queryable) =>
  (await q.one<{ n: number }>(`SELECT count(*)::int AS n FROM mail_outbox WHERE status IN ('pending', 'sending')`))?.n ?? 0;
