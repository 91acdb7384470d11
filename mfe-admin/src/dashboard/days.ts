// The insight's days are UTC days (YYYY-MM-DD), shown as such whatever the browser's time zone.
const at = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** "Nov 3", or "Nov 3, 2026" with the year. */
export function dayLabel(iso: string, withYear = false): string {
  const d = at(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' });
}

/** "Nov 1 – Nov 30, 2026", "Dec 28, 2025 – Jan 3, 2026", or "Nov 27, 2026" for one day. */
export function rangeLabel(range: { from: string; to: string }): string {
  if (range.from === range.to) return dayLabel(range.from, true);
  const sameYear = range.from.slice(0, 4) === range.to.slice(0, 4);
  return `${dayLabel(range.from, !sameYear)} – ${dayLabel(range.to, true)}`;
}
