import { dateRefusal, isDateOnly, parseShopDate } from './dates';

test('real dates and date-times with a zone are read as the instant they name', () => {
  expect(parseShopDate('2026-02-28')?.toISOString()).toBe('2026-02-28T00:00:00.000Z');
  expect(parseShopDate('2024-02-29')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
  expect(parseShopDate('2026-03-01T10:15:30.123Z')?.toISOString()).toBe('2026-03-01T10:15:30.123Z');
  expect(parseShopDate('2026-03-01T10:15+02:00')?.toISOString()).toBe('2026-03-01T08:15:00.000Z');
  expect(parseShopDate('1970-01-01')?.getTime()).toBe(0);
  expect(parseShopDate('2031-03-01T10:30')?.toISOString()).toBe('2031-03-01T10:30:00.000Z');
  expect(parseShopDate('9999-12-31T23:59:59.999Z')?.toISOString()).toBe('9999-12-31T23:59:59.999Z');
  expect(isDateOnly('2026-02-28')).toBe(true);
  expect(isDateOnly('2026-02-28T00:00Z')).toBe(false);
});

test.each([
  ['2026-02-30'], // March 2 to Date
  ['2025-02-29'],
  ['2026-04-31'],
  ['2026-13-01'],
  ['2026-00-10'],
  ['-0001-01-01'], // 2001 to Date
  ['0999-01-01'],
  ['1969-12-31'],
  ['1970-01-01T00:30+01:00'], // 1969 in UTC
  ['10000-01-01'],
  ['+010000-01-01T00:00:00Z'],
  ['2026-01-01T24:00Z'],
  ['2026-01-01T10:60Z'],
  ['2026-01-01T10:00:61Z'],
  ['2026-01-01T10:00+25:00'],
  ['Jan 1 2026'],
  ['1767225600000'],
  [''],
])('%s is no date', (text) => {
  expect(parseShopDate(text)).toBeNull();
});

test('the refusal names the field', () => {
  expect(dateRefusal('timeLimit')).toMatch(/^timeLimit must be a real date .* between the years 1970 and 9999$/);
});
