// Money as text lives in @shop/contract (format.ts), shared with the e-mails and the server's messages.
export { formatMoney, formatNumber, formatPrice } from '@shop/contract';
let dateFormat: Intl.DateTimeFormat | undefined;

/** en-US with short month: "Nov 22, 2026". */
export function formatDate(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '';
  dateFormat ??= new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
  return dateFormat.format(date);
}

/** A date-time input's value ("2026-11-22T14:05") in local time, to the minute. */
export function toLocalDateTimeInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** SPEC §2: a breadcrumb title is the last path segment with dashes as spaces. */
export function titleFromPath(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return 'Home';
  return decodeURIComponent(segments[segments.length - 1]).replace(/-/g, ' ');
}
