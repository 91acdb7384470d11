import { formatDate, formatMoney, formatNumber, titleFromPath, toLocalDateTimeInput } from './format';
import { assetUrl, configureShop, imageSrcSet } from './config';

describe('formatting', () => {
  it('shows 2 decimals with comma thousands', () => {
    expect(formatNumber(1234567.5)).toBe('1,234,567.50');
    expect(formatMoney(1234.5, '$')).toBe('$1,234.50');
    expect(formatMoney(-3, '€')).toBe('-€3.00');
  });

  it('gives the same text as Intl en-US with 2 decimals, rounding included, without creating an Intl formatter', () => {
    const intl = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const made = jest.spyOn(Intl, 'NumberFormat');
    const edges = [0, -0, 0.005, 0.004, 1.005, 2.675, -1.005, -0.001, 999.995, 10.235, -1234.565, 1e-7, 123456789.125, 9999999999999.99, Number.NaN, Infinity];
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const sampled = Array.from({ length: 3000 }, (_, i) => Number(((random() - 0.2) * 10 ** (i % 11)).toFixed(i % 4)));
    for (const value of [...edges, ...sampled]) expect([value, formatNumber(value)]).toEqual([value, intl.format(Number.isFinite(value) ? value : 0)]);
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
  });

  it('creates no Intl formatter when loaded (every page loads it; the first one costs a long task)', () => {
    const numberFormats = jest.spyOn(Intl, 'NumberFormat');
    const dateFormats = jest.spyOn(Intl, 'DateTimeFormat');
    jest.isolateModules(() => {
      const fresh = require('./format') as typeof import('./format');
      expect(fresh.formatMoney(12.5, '$')).toBe('$12.50');
    });
    expect(numberFormats).not.toHaveBeenCalled();
    expect(dateFormats).not.toHaveBeenCalled();
    numberFormats.mockRestore();
    dateFormats.mockRestore();
  });

  it('shows dates in en-US with a short month', () => {
    expect(formatDate('2026-03-05T12:00:00Z')).toBe('Mar 5, 2026');
    expect(formatDate('not a date')).toBe('');
  });

  it('gives a date-time input value to the minute', () => {
    expect(toLocalDateTimeInput(new Date(2026, 10, 22, 9, 5, 59).toISOString())).toBe('2026-11-22T09:05');
  });

  it('builds breadcrumb titles from the last path segment', () => {
    expect(titleFromPath('/')).toBe('Home');
    expect(titleFromPath('/my-account/orders')).toBe('orders');
    expect(titleFromPath('/deleted-users')).toBe('deleted users');
  });

  it('turns server image paths into URLs on the API host', () => {
    configureShop({ apiUrl: '/api' });
    expect(assetUrl('uploads\\a\\b.jpg')).toBe('/uploads/a/b.jpg');
    configureShop({ apiUrl: 'https://api.example.com/api' });
    expect(assetUrl('uploads/b.jpg')).toBe('https://api.example.com/uploads/b.jpg');
    expect(assetUrl('https://cdn.example.com/x.jpg')).toBe('https://cdn.example.com/x.jpg');
    expect(assetUrl('uploads/b.jpg', 320)).toBe('https://api.example.com/uploads/b.jpg?w=320');
    expect(imageSrcSet('uploads/b.jpg')).toBe('https://api.example.com/uploads/b.jpg?w=320 320w, https://api.example.com/uploads/b.jpg?w=480 480w, https://api.example.com/uploads/b.jpg 600w');
    expect(imageSrcSet('https://cdn.example.com/x.jpg')).toBeUndefined();
    configureShop({ apiUrl: '/api' });
  });
});
