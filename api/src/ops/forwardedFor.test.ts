import net from 'node:net';
import fc from 'fast-check';
import { CONTACT_PER_IP } from '../contact/routes';
import { startTestApp, type TestApp } from '../test/harness';
import { wellFormedForwardedFor } from './forwardedFor';

// Issue 34 #2: behind a trusted proxy, the client's address is read from X-Forwarded-For; only
// well-formed IPs are taken from it, so made-up text cannot give a client a fresh address (and a
// fresh budget of every limit per address).

test('only the well-formed addresses nearest the shop are kept', () => {
  expect(wellFormedForwardedFor('203.0.113.7')).toBe('203.0.113.7');
  expect(wellFormedForwardedFor(' 198.51.100.1 ,2001:db8::1, 203.0.113.7 ')).toBe('198.51.100.1, 2001:db8::1, 203.0.113.7');
  // What a client wrote before the proxy appended its address is dropped from the first malformed entry.
  expect(wellFormedForwardedFor('1.1.1.1, made-up, 203.0.113.7')).toBe('203.0.113.7');
  for (const junk of ['made-up', 'localhost', '', ' , ', '300.1.1.1', '203.0.113.7:8080', '[::1]', '1.2.3.4/8', 'unknown', '127.0.0.1 ', '203.0.113.7, x']) {
    expect([junk, wellFormedForwardedFor(junk)]).toEqual([junk, junk === '127.0.0.1 ' ? '127.0.0.1' : undefined]);
  }
  fc.assert(
    fc.property(fc.array(fc.oneof(fc.ipV4(), fc.ipV6(), fc.string({ maxLength: 12 })), { maxLength: 8 }), (entries) => {
      const kept = wellFormedForwardedFor(entries.join(','));
      if (kept !== undefined) expect(kept.split(', ').every((entry) => net.isIP(entry))).toBe(true);
    }),
  );
});

describe('behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The test client plays the proxy on this host.
    t = await startTestApp({ trustProxy: ['127.0.0.1', '::1'] });
  });
  afterAll(() => t.close());

  const contact = (forwardedFor: string, i: number) =>
    t.call('POST', '/api/contact', { body: { name: 'Mallory', email: `m${i}@example.com`, message: `Hello ${i}` }, headers: { 'x-forwarded-for': forwardedFor } });

  test(`made-up addresses are not addresses: ${CONTACT_PER_IP} messages, then 429, however the text changes`, async () => {
    const junk = Array.from({ length: CONTACT_PER_IP + 3 }, (_, i) => [`fake-${i}`, `10.0.0.${i}:80`, `999.0.0.${i}`, `x${i}, y`][i % 4]);
    const statuses = [];
    for (const [i, forwardedFor] of junk.entries()) statuses.push((await contact(forwardedFor, i)).status);
    expect(statuses).toEqual([...Array(CONTACT_PER_IP).fill(202), ...Array(3).fill(429)]);
    // The address the proxy appended is still the client's: another shopper is not held back.
    expect((await contact('made-up, 203.0.113.50', 99)).status).toBe(202);
  });
});
