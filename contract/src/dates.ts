// Dates as the shop takes them (issue 34 #6), once for the API and the back office's forms: an ISO date
// (YYYY-MM-DD, its midnight in UTC) or date-time (its zone Z or ±hh:mm; UTC when none), that exists, between the
// years 1970 and 9999. JavaScript's Date would take 2026-02-30 as March 2 and -0001 as 2001: never guessed here.

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|([+-])(\d{2}):(\d{2}))?)?$/;
/** The first and last instants a date may name. */
const FIRST_MS = Date.UTC(1970, 0, 1);
const LAST_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

/** What a date field takes, for its refusal. */
export const DATE_RULE = 'a real date (YYYY-MM-DD) or date-time (2026-01-31T23:00:00Z), between the years 1970 and 9999';

/** What a form shows by a date field the shop would refuse. */
export const DATE_OUT_OF_RANGE = 'A date between the years 1970 and 9999';

/** The refusal of a date field, naming it. */
export const dateRefusal = (field: string) => `${field} must be ${DATE_RULE}`;

/** Whether text is a date alone (YYYY-MM-DD): a filter takes it as that whole UTC day. */
export const isDateOnly = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text);

/**
 * The instant text names, or null when it is no such date (2026-02-30, 24:00, -0001-01-01, 0999). A
 * date-time without a zone is UTC (never the server's own zone, which would make it differ by machine).
 */
export function parseShopDate(text: string): Date | null {
  const m = ISO.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h = 0, mi = 0, s = 0] = [m[1], m[2], m[3], m[4], m[5], m[6]].map((part) => (part === undefined ? undefined : Number(part))) as number[];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  const day = new Date(Date.UTC(y, mo - 1, d));
  // Date.UTC rolls over (Feb 30 is March 2) and reads 0-99 as 1900-1999: the day must read back as written.
  if (day.getUTCFullYear() !== y || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) return null;
  const offsetMinutes = m[9] ? (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11])) : 0;
  if (m[10] !== undefined && (Number(m[10]) > 23 || Number(m[11]) > 59)) return null;
  const ms = day.getTime() + ((h * 60 + mi - offsetMinutes) * 60 + s) * 1000 + Math.floor(Number(`0.${m[7] ?? '0'}`) * 1000);
  return ms < FIRST_MS || ms > LAST_MS ? null : new Date(ms);
}

/** A datetime-local input's value (the admin's own time) as the instant the API takes, or null when the shop takes no such date. */
export function fromLocalInput(local: string): string | null {
  const date = new Date(local);
  if (Number.isNaN(date.getTime())) return null;
  const iso = date.toISOString();
  return parseShopDate(iso) ? iso : null;
}
