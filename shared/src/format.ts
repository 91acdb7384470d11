const numberFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** 1234.5 -> "1,234.50" (SPEC §9: 2 decimals, comma thousands). */
export function formatNumber(value: number): string {
  return numberFormat.format(Number.isFinite(value) ? value : 0);
}

/** 1234.5, "$" -> "$1,234.50" */
export function formatMoney(value: number, symbol = ''): string {
  const sign = value < 0 ? '-' : '';
  return `${sign}${symbol}${formatNumber(Math.abs(value))}`;
}

/** en-US with short month: "Nov 22, 2026". */
export function formatDate(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
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
