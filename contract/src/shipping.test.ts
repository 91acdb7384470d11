import { knownCarrier, trackingUrl } from './shipping';

test('a known carrier, however it is typed, links to its tracking page with the number', () => {
  expect(trackingUrl('UPS', '1Z 999 AA1 0123456784')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
  expect(trackingUrl('royal mail', 'AB123456789GB')).toBe('https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB');
  expect(trackingUrl('Colissimo', '6A12345678901')).toContain('laposte.fr');
  expect(knownCarrier(' fedex ')?.name).toBe('FedEx');
});

test('an unknown carrier, or no number, has no link', () => {
  expect(trackingUrl('Bob’s Courier', '123')).toBeNull();
  expect(trackingUrl('UPS', '')).toBeNull();
  expect(trackingUrl(null, '123')).toBeNull();
  expect(knownCarrier('')).toBeUndefined();
});
