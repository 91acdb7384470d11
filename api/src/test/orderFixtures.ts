// Orders written straight to the database for the admin list's and the exports' tests (issue 19):
// chosen dates, statuses, totals and line titles, without going through checkout.
import { insertItem, insertOrder, type Status } from '../orders/queries.js';
import type { TestApp } from './harness.js';

export interface FixtureLine {
  title: string;
  quantity?: number;
  unit: number;
  options?: Array<{ variantType: string; selectedOption: { _id: string; name: string } }>;
}
export interface FixtureOrder {
  user: { id: string };
  at: string;
  status: Status;
  currency: { _id: string; code: string; symbol: string };
  lines: FixtureLine[];
  paymentMethod?: string;
  address?: Record<string, string | null>;
}

/** Writes the orders in the given order (numbers increase with it); answers their ids and numbers ('AJ-…'). */
export async function writeOrders(t: TestApp, productId: string, orders: FixtureOrder[]) {
  const out: Array<{ id: string; number: string }> = [];
  for (const o of orders) {
    const lines = o.lines.map((l) => ({ ...l, quantity: l.quantity ?? 1 }));
    const subTotal = lines.reduce((s, l) => s + l.unit * l.quantity, 0);
    const row = await insertOrder(t.ctx.db, {
      userId: o.user.id,
      paymentMethod: o.paymentMethod ?? 'Cash On Delivery',
      paymentRef: null,
      currency: o.currency,
      address: o.address ?? { fullName: 'Ship Name', line1: '1 Main Street', line2: null, city: 'Springfield', state: 'IL', postalCode: '12345', country: 'US' },
      subTotal,
      productDiscount: 0,
      userDiscount: 0,
      totalDiscount: 0,
      total: subTotal,
      status: o.status,
      createdAt: new Date(o.at),
    });
    for (const [seq, l] of lines.entries()) {
      await insertItem(t.ctx.db, row!.id, seq, {
        productId,
        title: l.title,
        slug: 'fixture',
        imageUrl: null,
        options: l.options ?? [],
        quantity: l.quantity,
        unit: l.unit,
        lineTotal: l.unit * l.quantity,
        discount: 0,
      });
    }
    const n = await t.ctx.db.one<{ number: string }>(`SELECT number::text FROM orders WHERE id = $1`, [row!.id]);
    out.push({ id: row!.id, number: `AJ-${n!.number}` });
  }
  return out;
}

/** RFC 4180 CSV into rows of cells (the exports' tests read what they wrote). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}
