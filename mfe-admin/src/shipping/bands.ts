import type { ShippingBand, ShippingMethod, ShippingRateType } from '@shop/shared';

/** A band as typed: upTo '' on the last row (no upper bound), amounts as the inputs hold them. */
export interface BandDraft {
  upTo: string;
  amount: string;
}

export const FLAT_BANDS: BandDraft[] = [{ upTo: '', amount: '' }];

/** A method's bands in one currency for the form; one open band when it has none there yet. */
export function bandsDraftOf(bands: ShippingBand[] | undefined): BandDraft[] {
  if (!bands?.length) return FLAT_BANDS;
  return bands.map((b) => ({ upTo: b.upTo === null ? '' : String(b.upTo), amount: String(b.amount) }));
}

const isNumber = (text: string) => text.trim() !== '' && Number.isFinite(Number(text)) && Number(text) >= 0;

/**
 * What is wrong with a band list, as the server checks it (issue 39: "a band list that overlaps or leaves
 * gaps" is refused): every amount a number ≥ 0; every band but the last an upper bound above the one before;
 * the last open (no bound), so every parcel or order has a price. Keyed by row: { 0: { upTo: '…' } }.
 */
export function bandProblems(type: ShippingRateType, bands: BandDraft[]): Record<number, { upTo?: string; amount?: string }> {
  const problems: Record<number, { upTo?: string; amount?: string }> = {};
  const add = (i: number, field: 'upTo' | 'amount', text: string) => {
    problems[i] = { ...problems[i], [field]: text };
  };
  let previous = 0;
  // A flat rate is its first band (the others, kept while the admin switches types, are not sent).
  const list = type === 'flat' ? bands.slice(0, 1) : bands;
  list.forEach((band, i) => {
    if (!isNumber(band.amount)) add(i, 'amount', 'Enter an amount of 0 or more.');
    const last = i === list.length - 1;
    if (type === 'flat' || last) return;
    if (!isNumber(band.upTo) || Number(band.upTo) <= 0) add(i, 'upTo', type === 'weight' ? 'Enter a weight in grams above 0.' : 'Enter an amount above 0.');
    else if (Number(band.upTo) <= previous) add(i, 'upTo', `Must be above the band before (${previous}).`);
    else previous = Number(band.upTo);
    if (type === 'weight' && isNumber(band.upTo) && !Number.isInteger(Number(band.upTo))) add(i, 'upTo', 'Whole grams only.');
  });
  return problems;
}

/** The bands as the API takes them: bounds and amounts as numbers, the last one open. */
export function bandsBody(type: ShippingRateType, bands: BandDraft[]): ShippingBand[] {
  const list = type === 'flat' ? bands.slice(0, 1) : bands;
  return list.map((b, i) => ({ upTo: i === list.length - 1 ? null : Number(b.upTo), amount: Number(b.amount) }));
}

/** A new band before the open one: its bound above the last bound so far (or empty to type). */
export function withBandAdded(bands: BandDraft[]): BandDraft[] {
  const open = bands[bands.length - 1] ?? { upTo: '', amount: '' };
  return [...bands.slice(0, -1), { upTo: '', amount: '' }, open];
}

export const withBandRemoved = (bands: BandDraft[], index: number): BandDraft[] => (bands.length <= 1 ? bands : bands.filter((_, i) => i !== index));

/** A method's rates, a line per currency: "€9.90", "≤250 g €20.24 · ≤1000 g €27.60 · >1000 g €41.40". */
export function ratesSummary(method: Pick<ShippingMethod, 'type' | 'rates'>, symbolOf: (currType: string) => string): string {
  const unit = method.type === 'weight' ? ' g' : '';
  return method.rates
    .map((rate) => {
      const s = symbolOf(rate.currType);
      const price = (amount: number) => `${s}${amount.toFixed(2)}`;
      if (method.type === 'flat') return price(rate.bands[0]?.amount ?? 0);
      const bound = (upTo: number) => (method.type === 'value' ? `${s}${upTo}` : `${upTo}${unit}`);
      return rate.bands
        .map((b, i) => (b.upTo === null ? (i === 0 ? price(b.amount) : `>${bound(rate.bands[i - 1].upTo ?? 0)} ${price(b.amount)}`) : `≤${bound(b.upTo)} ${price(b.amount)}`))
        .join(' · ');
    })
    .join('\n');
}
