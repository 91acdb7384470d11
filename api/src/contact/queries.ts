import type { Queryable } from '../db/client.js';

export interface ContactRow {
  id: string;
  name: string;
  email: string;
  message: string;
  read_at: Date | null;
  created_at: Date;
}

export const insertMessage = (q: Queryable, m: { name: string; email: string; message: string }) =>
  q.one<ContactRow>(`INSERT INTO contact_messages (name, email, message) VALUES ($1, $2, $3) RETURNING *`, [m.name, m.email, m.message]);

/** The admin's list, newest first. */
export async function listMessages(q: Queryable, limit: number, offset: number) {
  const [rows, count] = await Promise.all([
    q.query<ContactRow>(`SELECT * FROM contact_messages ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`, [limit, offset]),
    q.one<{ n: number }>(`SELECT count(*)::int AS n FROM contact_messages`),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Marks a message read (keeping when it first was) or unread; null when there is no such message. */
export const setRead = (q: Queryable, id: string, read: boolean) =>
  q.one<ContactRow>(
    `UPDATE contact_messages SET read_at = CASE WHEN $2::boolean THEN coalesce(read_at, clock_timestamp()) ELSE NULL END WHERE id = $1 RETURNING *`,
    [id, read],
  );
