import { formatMoney, formatReduction } from './format';

// The e-mails print amounts with this too (api/src/mail/templates/order.ts).
describe('formatMoney (SPEC §9: 2 decimals, comma thousands, the symbol in front)', () => {
  it.each([
    [1234.5, '$', '$1,234.50'],
    [0, '€', '€0.00'],
    [1234567.891, '£', '£1,234,567.89'],
    [-120, '$', '-$120.00'],
    [0.1 + 0.2, '$', '$0.30'],
    [999.995, '', '1,000.00'],
  ])('%p %p -> %p', (amount, symbol, text) => expect(formatMoney(amount, symbol)).toBe(text));
});

describe('formatMoney in French (1 234,50 €): the same text as Intl fr-FR, without its start-up cost', () => {
  const intl = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
  it.each([1234.5, 0, 1234567.891, -120, 0.1 + 0.2, 999.995, 12, 1e14])('%p', (amount) => {
    expect(formatMoney(amount, '€', 'fr')).toBe(intl.format(amount));
  });
  it('reads 1 234,50 € with no-break spaces', () => expect(formatMoney(1234.5, '€', 'fr')).toBe('1\u202f234,50\u00a0€'));
  it('keeps English as it was', () => expect(formatMoney(1234.5, '€', 'en')).toBe('€1,234.50'));
});

describe('formatReduction (issue 38): one way to write an amount taken off, with its minus sign', () => {
  it.each([
    [184.5, '$', 'en', '-$184.50'],
    [-184.5, '$', 'en', '-$184.50'],
    [0, '$', 'en', '$0.00'],
    [0.001, '$', 'en', '$0.00'],
    [1234.5, '€', 'fr', '-1\u202f234,50\u00a0€'],
  ] as const)('%p %p %p -> %p', (amount, symbol, locale, text) => expect(formatReduction(amount, symbol, locale)).toBe(text));
});
