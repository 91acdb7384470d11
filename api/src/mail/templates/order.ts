import { discountWithoutCoupon, formatMoney, type Order, type OrderItem } from '@shop/contract';
import type { ShopIdentity } from '../messages.js';
import { color } from './look.js';
import { type Markup, mjml } from './markup.js';
import { localePath, type Words, wordsFor } from './words.js';

const EN = wordsFor(undefined);

// What the order e-mails (confirmation, status) show of an order, in HTML and in text.

const money = (order: Order, amount: number) => formatMoney(amount, order.currency.symbol);

/** The line's total in the order's currency (every order line carries it). */
const linePrice = (order: Order, item: OrderItem): string => {
  const price = item.totalPrice.find((p) => p.currType === order.currency.currType) ?? item.totalPrice[0];
  return price ? money(order, price.amount) : '';
};

/** 'Metal: Gold, Size: 7' */
export const optionsLine = (item: OrderItem): string =>
  item.options.map((o) => (o.variantType ? `${o.variantType}: ${o.selectedOption.name}` : o.selectedOption.name)).join(', ');

/** The shipping address as lines, empty parts left out ('Springfield, IL 62704'). */
export function addressLines(a: Order['shippingAddress']): string[] {
  const place = [[a.city, a.state].filter(Boolean).join(', '), a.postalCode].filter(Boolean).join(' ');
  return [a.fullName, a.line1, a.line2, place, a.country].filter((line): line is string => Boolean(line));
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
/** SPEC §9's dates: short month ('Nov 22, 2026'; in French '22 nov. 2026'), the day in UTC (the sender's zone is no one's). */
export function formatDate(iso: string, w: Words = EN): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  let format = dateFormats.get(w.dates);
  if (!format) {
    format = new Intl.DateTimeFormat(w.dates, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    dateFormats.set(w.dates, format);
  }
  return format.format(date);
}

export const ordersUrl = (shop: ShopIdentity, w: Words = EN) => `${shop.publicUrl}${localePath(w.locale, '/my-account/orders')}`;

// ---- HTML ----

const cell = `padding:12px 0;border-bottom:1px solid ${color.line};vertical-align:top;`;

/** The items: title, options and quantity at the left, the line's price at the right. */
export const itemsTable = (order: Order, w: Words = EN): Markup => {
  const rows = order.items.map((item) => {
    const options = optionsLine(item);
    return mjml`<tr>
      <td style="${cell}">
        <div style="font-weight:600;">${item.product.title}</div>
        ${options ? mjml`<div style="color:${color.inkSoft};font-size:14px;">${options}</div>` : null}
        <div style="color:${color.inkFaint};font-size:14px;">${w.quantity}: ${item.quantity}</div>
      </td>
      <td style="${cell}text-align:right;white-space:nowrap;padding-left:16px;">${linePrice(order, item)}</td>
    </tr>`;
  });
  return mjml`<mj-table>${rows}</mj-table>`;
};

const totalRow = (label: string, value: string, strong = false): Markup =>
  strong
    ? mjml`<tr><td style="padding:12px 0 0 0;font-weight:600;font-size:17px;">${label}</td><td style="padding:12px 0 0 0;text-align:right;font-weight:600;font-size:17px;white-space:nowrap;">${value}</td></tr>`
    : mjml`<tr><td style="padding:4px 0;color:${color.inkSoft};">${label}</td><td style="padding:4px 0;text-align:right;white-space:nowrap;">${value}</td></tr>`;

/** The lines between subtotal and total: the discounts, then the coupon by its code (issue 22); each only when it took something off. */
function reductions(order: Order, w: Words): Array<[string, string]> {
  const discount = discountWithoutCoupon(order);
  return [
    ...(discount > 0 ? [[w.discount, money(order, -discount)] as [string, string]] : []),
    ...(order.coupon ? [[w.coupon(order.coupon.code), money(order, -order.coupon.amount)] as [string, string]] : []),
  ];
}

/**
 * Issue 39: shipping as its own line (by its method, when the order has one), then the tax: added per
 * rate before the total where prices exclude it; where they include it, said after the total.
 */
function shippingAndTax(order: Order, w: Words): { before: Array<[string, string]>; after: Array<[string, string]> } {
  const shipping: Array<[string, string]> = order.shippingMethod ? [[w.shipping(order.shippingMethod.name), money(order, order.shippingPrice ?? 0)]] : [];
  const taxes = (order.taxLines ?? []).filter((t) => t.amount > 0);
  if (order.pricesIncludeTax) return { before: shipping, after: taxes.map((t) => [w.taxIncluded(w.percent(t.rate)), money(order, t.amount)]) };
  return { before: [...shipping, ...taxes.map((t): [string, string] => [w.taxAdded(w.percent(t.rate)), money(order, t.amount)])], after: [] };
}

/** Subtotal, the discount and coupon when there are some, shipping and tax, and the total; or the total alone (a status update's summary). */
export const totalsTable = (order: Order, totalOnly = false, w: Words = EN): Markup => {
  const extra = shippingAndTax(order, w);
  return mjml`<mj-table padding="4px 0 24px 0">${[
    ...(totalOnly
      ? []
      : [totalRow(w.subtotal, money(order, order.subTotalPrice)), ...[...reductions(order, w), ...extra.before].map(([label, value]) => totalRow(label, value))]),
    totalRow(w.total, money(order, order.totalPrice), true),
    ...(totalOnly ? [] : extra.after.map(([label, value]) => totalRow(label, value))),
  ]}</mj-table>`;
};

export const addressBlock = (order: Order): Markup => {
  const lines = addressLines(order.shippingAddress);
  return mjml`<mj-text>${lines.map((line, i) => (i === 0 ? mjml`${line}` : mjml`<br />${line}`))}</mj-text>`;
};

// ---- text ----

/** '2 × Aurora Ring (Metal: Gold, Size: 7): $240.00' */
export const itemsText = (order: Order): string =>
  order.items
    .map((item) => {
      const options = optionsLine(item);
      return `${item.quantity} × ${item.product.title}${options ? ` (${options})` : ''}: ${linePrice(order, item)}`;
    })
    .join('\n');

export const totalsText = (order: Order, w: Words = EN): string => {
  const extra = shippingAndTax(order, w);
  return [
    `${w.subtotal}${w.colon}${money(order, order.subTotalPrice)}`,
    ...[...reductions(order, w), ...extra.before].map(([label, value]) => `${label}${w.colon}${value}`),
    `${w.total}${w.colon}${money(order, order.totalPrice)}`,
    ...extra.after.map(([label, value]) => `${label}${w.colon}${value}`),
  ].join('\n');
};

export { money };
