// Profile → Sessions (issue 42): every signed-in session of the account, ended one at a time or all
// but the one asking; and the new-device e-mail's link, which ends the session that signed in.
import type { SignInSession } from '@shop/contract';
import type { Db, Queryable } from '../db/client.js';
import type { AuthUser } from '../lib/auth.js';
import { badRequest, notFound } from '../lib/errors.js';
import { isUuid } from '../lib/schemas.js';
import type { MailSecrets } from '../mail/secrets.js';
import * as SQ from './securityQueries.js';
import { deviceOf } from './device.js';

const iso = (d: Date | string) => new Date(d).toISOString();

export async function listSessions(q: Queryable, user: AuthUser): Promise<SignInSession[]> {
  const rows = await SQ.openSessions(q, user.id);
  const list = rows.map((r) => ({ _id: r.id, device: deviceOf(r.user_agent), network: r.network || '—', createdAt: iso(r.created_at), lastSeenAt: iso(r.last_seen_at), current: r.id === user.sessionId }));
  // The one asking first, then the last seen first.
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
}

export async function endSession(q: Queryable, user: AuthUser, sessionId: string): Promise<void> {
  if (!(await SQ.revokeOwnSession(q, user.id, sessionId))) throw notFound('Session not found');
}

export const endOtherSessions = async (db: Db, user: AuthUser) => ({ ended: await SQ.revokeOtherSessions(db, user.id, user.sessionId) });

export const LINK_NOT_VALID = 'This link is not valid.';

/** The new-device e-mail's link: its token is the session's id, sealed (mail/secrets.ts). */
export async function endSessionByLink(q: Queryable, secrets: MailSecrets, token: string): Promise<void> {
  let sessionId: string;
  try {
    sessionId = secrets.open(token);
  } catch {
    throw badRequest(LINK_NOT_VALID);
  }
  if (!isUuid(sessionId)) throw badRequest(LINK_NOT_VALID);
  await SQ.revokeSessionById(q, sessionId);
}
