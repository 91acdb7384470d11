import { formatMoney } from './format';

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
