// Issue 39's shipping and tax as the demo shop has them: its zones, methods, tax rates and parcel
// weights. The demo seed (demo.ts) and the benchmarks' generated shop (bench/generate-catalog.ts) both
// set their shop up with these, so the bench measures checkout with the shipping and tax a shop has.
import type { Db } from '../db/client.js';
import { createMethod, createZone, type MethodInput } from '../shipping/service.js';
import { createRate, listClasses, type RateInput } from '../tax/service.js';
import type { Kind } from './images.js';

/** A boxed piece's parcel weight in grams, by kind (issue 39: weight-banded express rates). */
export const DEMO_WEIGHTS: Record<Kind, number> = { ring: 60, hoops: 70, pendant: 90, necklace: 110, bracelet: 120 };

/** The EU's 27 members (their standard VAT rates, 2026, below). */
export const EU_VAT: Record<string, number> = {
  AT: 20, BE: 21, BG: 20, HR: 25, CY: 19, CZ: 21, DK: 25, EE: 24, FI: 25.5, FR: 20, DE: 19, GR: 24, HU: 27, IE: 23, IT: 22, LV: 21, LT: 21, LU: 17,
  MT: 18, NL: 21, PL: 23, PT: 23, RO: 21, SK: 23, SI: 22, ES: 21, SE: 25,
};
/** US states' own sales tax (the state's rate; a state without one, e.g. OR or DE, is not taxed). */
export const US_STATE_TAX: Record<string, number> = { CA: 7.25, IL: 6.25, NY: 4, TX: 6.25, FL: 6, WA: 6.5, MA: 6.25, NJ: 6.625, PA: 6, GA: 4 };

/**
 * Issue 39's demo: four zones (the EU, the US, the United Kingdom, India), each with a standard and an
 * express method (flat, by weight or by order value; free over a threshold), and the Standard class's
 * rates there: VAT in the EU and the UK (included in euro and pound prices), state sales tax in the US
 * (added to dollar prices), GST on jewellery (3 %) in India.
 */
export async function seedShippingAndTax(db: Db, c: { usd: string; eur: string; gbp: string }) {
  const flat = (usd: number, eur: number, gbp: number) => [
    { currType: c.usd, bands: [{ upTo: null, amount: usd }] },
    { currType: c.eur, bands: [{ upTo: null, amount: eur }] },
    { currType: c.gbp, bands: [{ upTo: null, amount: gbp }] },
  ];
  const byWeight = (bands: Array<[number | null, number]>) =>
    [c.usd, c.eur, c.gbp].map((currType, k) => ({ currType, bands: bands.map(([upTo, usd]) => ({ upTo, amount: Math.round(usd * [1, 0.92, 0.79][k] * 100) / 100 })) }));
  const freeOver = (usd: number, eur: number, gbp: number) => [
    { currType: c.usd, amount: usd },
    { currType: c.eur, amount: eur },
    { currType: c.gbp, amount: gbp },
  ];
  const zones: Array<{ name: string; countries: string[]; methods: Array<Omit<MethodInput, 'zoneId'>> }> = [
    {
      name: 'European Union',
      countries: Object.keys(EU_VAT),
      methods: [
        { name: 'Standard', estimate: '3-5 business days', type: 'flat', rates: flat(11, 9.9, 8.5), freeOver: freeOver(300, 250, 220) },
        { name: 'Express', estimate: '1-2 business days', type: 'weight', rates: byWeight([[250, 22], [1000, 30], [null, 45]]) },
      ],
    },
    {
      name: 'United States',
      countries: ['US'],
      methods: [
        { name: 'Standard', estimate: '3-6 business days', type: 'flat', rates: flat(8, 7.5, 6.5), freeOver: freeOver(150, 140, 120) },
        { name: 'Express', estimate: '1-2 business days', type: 'weight', rates: byWeight([[250, 18], [1000, 25], [null, 40]]) },
      ],
    },
    {
      name: 'United Kingdom',
      countries: ['GB'],
      methods: [
        { name: 'Royal Mail Tracked', estimate: '2-3 business days', type: 'flat', rates: flat(6.5, 5.9, 4.95), freeOver: freeOver(130, 115, 100) },
        { name: 'Next day', estimate: 'next business day', type: 'value', rates: byWeight([[500, 15], [null, 0]]) },
      ],
    },
    {
      name: 'India',
      countries: ['IN'],
      methods: [{ name: 'International tracked', estimate: '6-10 business days', type: 'flat', rates: flat(25, 23, 20) }],
    },
  ];
  for (const z of zones) {
    const zone = await createZone(db, { name: z.name, countries: z.countries }, null);
    for (const m of z.methods) await createMethod(db, { ...m, zoneId: zone._id }, null);
  }
  const standard = (await listClasses(db)).find((k) => k.isDefault)!;
  const rates: RateInput[] = [
    ...Object.entries(EU_VAT).map(([country, percent]) => ({ classId: standard._id, country, percent })),
    ...Object.entries(US_STATE_TAX).map(([region, percent]) => ({ classId: standard._id, country: 'US', region, percent })),
    { classId: standard._id, country: 'GB', percent: 20 },
    { classId: standard._id, country: 'IN', percent: 3 },
  ];
  for (const r of rates) await createRate(db, r, null);
}
