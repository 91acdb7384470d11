import type { AuditJson } from '@shop/shared';

/** One changed value of an entry: where it is ('variants › 2 › options › 1 › name') and its two sides (undefined: absent). */
export interface AuditChange {
  path: string;
  before: AuditJson | undefined;
  after: AuditJson | undefined;
}

const isObject = (v: AuditJson | undefined): v is { [key: string]: AuditJson } => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A list of plain values is read as one value ('ring, gold'); a list of objects is walked item by item. */
const isFlatList = (v: AuditJson | undefined) => Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object');
const same = (a: AuditJson | undefined, b: AuditJson | undefined) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What an entry changed, value by value: objects and lists of objects are walked down to the values
 * that differ, so an option's price shows as that price, not as the whole variant list. A creation
 * (no before) lists what was set, a deletion (no after) what was there.
 */
export function auditChanges(before: AuditJson | null, after: AuditJson | null, path: string[] = []): AuditChange[] {
  const b = before ?? undefined;
  const a = after ?? undefined;
  if (same(b, a)) return [];
  const walkable = (v: AuditJson | undefined) => v === undefined || isObject(v) || (Array.isArray(v) && !isFlatList(v));
  const bothWalkable = walkable(b) && walkable(a) && Array.isArray(b ?? a) === Array.isArray(a ?? b);
  if (!bothWalkable) return [{ path: path.join(' › '), before: b, after: a }];
  const keys = Array.isArray(b ?? a)
    ? [...Array(Math.max((b as AuditJson[] | undefined)?.length ?? 0, (a as AuditJson[] | undefined)?.length ?? 0)).keys()].map(String)
    : [...new Set([...Object.keys((b as object | undefined) ?? {}), ...Object.keys((a as object | undefined) ?? {})])];
  const child = (v: AuditJson | undefined, k: string) => (v === undefined ? undefined : (v as Record<string, AuditJson>)[k]);
  // A list's items are numbered from 1 for people.
  const label = (k: string) => (Array.isArray(b ?? a) ? String(Number(k) + 1) : k);
  return keys.flatMap((k) => auditChanges(child(b, k) ?? null, child(a, k) ?? null, [...path, label(k)]));
}

/** A field's name for people: 'basePrice' is 'Base price'; a code ('USD') or a number stays as it is. */
export function fieldLabel(key: string): string {
  if (/^[A-Z0-9]+$/.test(key)) return key;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
/** A change's path for people: 'Variants › 1 › Options › 2 › Name'. */
export const pathLabel = (path: string) => path.split(' › ').map(fieldLabel).join(' › ');

/** A value as the page shows it: text as it is, lists joined, objects as short JSON; absent as an empty string. */
export function showValue(v: AuditJson | undefined): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (isFlatList(v)) return (v as AuditJson[]).map((x) => showValue(x)).join(', ') || '(none)';
  return JSON.stringify(v);
}

/** Words naming what an entry is about, read from its values (a title, a code, a name, an order number, an e-mail); a currency by its code (issue 38). */
export function auditSubject(before: AuditJson | null, after: AuditJson | null): string | null {
  for (const side of [after, before]) {
    if (!isObject(side)) continue;
    for (const key of ['title', 'code', 'name', 'number', 'fullName', 'email']) {
      const v = side[key];
      if (typeof v === 'string' && v) return v;
    }
  }
  return null;
}
