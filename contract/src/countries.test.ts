import { COUNTRIES, countryCodeOf, countryName, countriesSorted, isCountryCode } from './countries';

test('every ISO 3166-1 alpha-2 country, once, with English and French names', () => {
  expect(COUNTRIES).toHaveLength(249);
  expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(249);
  for (const c of COUNTRIES) {
    expect(c.code).toMatch(/^[A-Z]{2}$/);
    expect(c.en.trim()).not.toBe('');
    expect(c.fr.trim()).not.toBe('');
  }
  expect(countryName('DE')).toBe('Germany');
  expect(countryName('DE', 'fr')).toBe('Allemagne');
  expect(isCountryCode('UK')).toBe(false);
});

test("an address's country text gives its code", () => {
  expect(countryCodeOf('US')).toBe('US');
  expect(countryCodeOf('fr')).toBe('FR');
  expect(countryCodeOf('United States')).toBe('US');
  expect(countryCodeOf('UK')).toBe('GB');
  expect(countryCodeOf('Royaume-Uni')).toBe('GB');
  expect(countryCodeOf('  côte d’ivoire ')).toBe('CI');
  expect(countryCodeOf('Narnia')).toBeNull();
  expect(countriesSorted('fr')[0].fr).toBe('Afghanistan');
});
