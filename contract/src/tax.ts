import { allot, couponCovers, type CouponRule, type TotalsMinor } from './money';

// Issue 39: tax, exact to the cent, one rule for the browser's preview and the server's charge.
//
// - Tax is rounded ONCE per rate on the order (the invoice's tax summary), never per unit nor per line:
//   112 × 0.05 at 22 % (Saleor #6720) is 1.23 added, or 1.01 inside, not 112 × 0.01.
// - Each line's share of a rate's tax is allotted by largest remainder, so the lines sum to the summary.
// - Prices that include tax (the currency's pricesIncludeTax): tax = gross · r / (100 + r). Prices
//   without: tax = net · r / 100, added to the total.
// - Tax is on the goods after every discount (product, account, coupon: each line carries its share of
//   the account discount and of the coupon, allotted the same way) and on shipping.
// - Shipping is taxed at the rates of the goods it carries, its price split in proportion to their
//   value (HMRC VAT Notice 700/24 §3.4 "Mixed supplies": a delivery charge for goods at different rates
//   is apportioned by their values; the EU's rule for ancillary supplies, that delivery follows the goods,
//   gives the same for one rate). Goods worth nothing (a 100 % coupon) leave it at the standard class's
//   rate of the country (the `fallback` rate).
// - Amounts are integer minor units; rates are percents with up to 4 decimals (8.875); products are
//   computed with BigInt so no total (up to 10^15 minor units) loses a cent.

/** A rate as a line is taxed at: its class, the percent (up to 4 decimals). */
export interface TaxRateRef {
  classId: string;
  className: string;
  /** Percent: 20 for 20 %. */
  rate: number;
}

/** One rate of the order's summary, minor units. base: the amount taxed, before tax (net). */
export interface TaxLineMinor {
  classId: string;
  className: string;
  rate: number;
  base: number;
  amount: number;
}

const SCALE = 1_000_000n; // percent × 10^4 over 100 %

/** A percent in 1/10,000ths of a percent (the rule's precision). */
const scaled = (rate: number): bigint => BigInt(Math.round(rate * 10_000));

/** num / den rounded half up (both ≥ 0, den > 0). */
const roundDiv = (num: bigint, den: bigint): bigint => (2n * num + den) / (2n * den);

/**
 * The tax in an amount at a rate, rounded once: inclusive (the amount is gross) = gross·r/(100+r);
 * exclusive (the amount is net) = net·r/100. Half a cent rounds up.
 */
export function taxOn(amountMinor: number, rate: number, inclusive: boolean): number {
  if (amountMinor <= 0 || rate <= 0) return 0;
  const a = BigInt(Math.round(amountMinor));
  const r = scaled(rate);
  return Number(inclusive ? roundDiv(a * r, SCALE + r) : roundDiv(a * r, SCALE));
}

// allot lives with the totals it also splits (money.ts: the user discount over the lines, as lineNets does).
export { allot } from './money';

/**
 * What each line pays for its goods after every discount, minor units: its line total less its product
 * discount, less its share of the account discounts (in proportion to what is left of each line) and of
 * the coupon (over the lines it covers, in proportion to what is left of them). They sum to totals.total.
 */
export function lineNets(totals: TotalsMinor, productIds: Array<string | undefined>, coupon?: Pick<CouponRule, 'products'> | null): number[] {
  const after = totals.lines.map((l) => l.lineTotal - l.discount);
  const user = allot(totals.userDiscount, after);
  const left = after.map((a, i) => a - user[i]);
  const covered = left.map((l, i) => (coupon && couponCovers(coupon, productIds[i]) ? l : 0));
  const off = allot(totals.couponDiscount, covered);
  return left.map((l, i) => l - off[i]);
}

/** One line to tax: what it pays after discounts (gross or net as the currency's prices are) and its rate (null: untaxed). */
export interface TaxableLine {
  amount: number;
  rate: TaxRateRef | null;
}

export interface OrderTax {
  /** Each line's share of the tax (0 for an untaxed line), in the lines' order. */
  lines: number[];
  /** Shipping's share of the tax. */
  shipping: number;
  /** The summary, one per rate (rate ascending); zero-rated goods have their line (amount 0). */
  taxLines: TaxLineMinor[];
  taxTotal: number;
}

/**
 * The order's tax: lines and shipping (amounts as the currency's prices are written: gross when
 * inclusive) grouped by rate, each rate's tax rounded once on its whole amount, then allotted back to
 * the lines and shipping in proportion to their amounts. Shipping is split over the goods' rates in
 * proportion to their amounts; goods worth nothing leave it at `shippingFallback` (the standard
 * class's rate of the country; null: untaxed).
 */
export function computeTax(lines: TaxableLine[], shippingMinor: number, shippingFallback: TaxRateRef | null, inclusive: boolean): OrderTax {
  // Shipping's parts, one per line (by value), or the fallback's.
  const goodsAmount = lines.reduce((s, l) => s + l.amount, 0);
  const shipParts = goodsAmount > 0 ? allot(shippingMinor, lines.map((l) => l.amount)) : lines.map(() => 0);
  const members: Array<{ amount: number; rate: TaxRateRef | null; line: number | null }> = lines.map((l, i) => ({ amount: l.amount, rate: l.rate, line: i }));
  lines.forEach((l, i) => {
    if (shipParts[i] > 0) members.push({ amount: shipParts[i], rate: l.rate, line: null });
  });
  if (goodsAmount <= 0 && shippingMinor > 0) members.push({ amount: shippingMinor, rate: shippingFallback, line: null });

  const groups = new Map<number, { classes: TaxRateRef[]; idx: number[]; amount: number }>();
  members.forEach((m, k) => {
    // Untaxed, or worth nothing (a line a coupon took whole): no share, and no summary line of its own.
    if (!m.rate || m.amount <= 0) return;
    const g = groups.get(m.rate.rate) ?? { classes: [], idx: [], amount: 0 };
    if (!g.classes.some((c) => c.classId === m.rate!.classId)) g.classes.push(m.rate);
    g.idx.push(k);
    g.amount += m.amount;
    groups.set(m.rate.rate, g);
  });
  const shares = members.map(() => 0);
  const taxLines: TaxLineMinor[] = [];
  for (const [rate, g] of [...groups.entries()].sort((a, b) => a[0] - b[0])) {
    const amount = taxOn(g.amount, rate, inclusive);
    allot(amount, g.idx.map((k) => members[k].amount)).forEach((s, j) => {
      shares[g.idx[j]] = s;
    });
    taxLines.push({
      classId: g.classes[0].classId,
      className: g.classes.map((c) => c.className).join(' / '),
      rate,
      base: inclusive ? g.amount - amount : g.amount,
      amount,
    });
  }
  const lineShares = lines.map((_, i) => shares[i]);
  const shipping = shares.slice(lines.length).reduce((s, x) => s + x, 0);
  return { lines: lineShares, shipping, taxLines, taxTotal: taxLines.reduce((s, t) => s + t.amount, 0) };
}

/**
 * Issue 39's declared basis of "free over" (and of a rate by the order's value): the goods' total after
 * product and account discounts and the coupon, in the currency's prices as written (tax included where
 * prices include it, without where tax is added). GET /shipping/methods (the cart) and the preview and
 * the order (checkout) all measure with this, and nothing else.
 */
export const freeShippingBasis = (totals: Pick<TotalsMinor, 'total'>): number => totals.total;

/** An order's totals with shipping and tax, minor units. */
export interface CheckoutTotalsMinor {
  /** The goods after discounts (totals.total). */
  goods: number;
  shipping: number;
  tax: OrderTax;
  /** What the buyer pays: goods + shipping, + tax when prices exclude it. */
  total: number;
}

/**
 * The order's grand total: the goods after discounts (each line with its rate), shipping, and their
 * tax (inside the prices when inclusive, added otherwise).
 */
export function checkoutTotals(goods: TotalsMinor, nets: number[], rates: Array<TaxRateRef | null>, shippingMinor: number, shippingFallback: TaxRateRef | null, inclusive: boolean): CheckoutTotalsMinor {
  const tax = computeTax(
    nets.map((amount, i) => ({ amount, rate: rates[i] ?? null })),
    shippingMinor,
    shippingFallback,
    inclusive,
  );
  return { goods: goods.total, shipping: shippingMinor, tax, total: goods.total + shippingMinor + (inclusive ? 0 : tax.taxTotal) };
}

/**
 * Which rate applies to a class in a country and region: the region's own rate when it has one
 * (compared trimmed, case aside), else the country's (region null); undefined: none.
 */
export function rateFor<R extends { classId: string; country: string; region: string | null }>(rates: R[], classId: string, country: string, region?: string | null): R | undefined {
  const wanted = region?.trim().toLowerCase() || null;
  const forClass = rates.filter((r) => r.classId === classId && r.country === country);
  return (wanted ? forClass.find((r) => r.region?.trim().toLowerCase() === wanted) : undefined) ?? forClass.find((r) => !r.region);
}
