import { memoryCounters } from '../limits';
import { addressKey, RateLimiter } from './ratelimit';

// Issue 16, finding 5: what an address is counted under, and the fixed window itself.

test('an IPv4 address is counted as it is (also when written IPv4-mapped); an IPv6 one by its /64', () => {
  expect(addressKey('203.0.113.7')).toBe('ip:203.0.113.7');
  expect(addressKey('::ffff:203.0.113.7')).toBe('ip:203.0.113.7');
  // One host can take any address of its /64: they are all one budget.
  const one = addressKey('2001:db8:1:2::1');
  for (const same of ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0:0:0:9', '2001:db8:1:2::a%eth0', '2001:db8:1:2:3:4:1.2.3.4']) expect(addressKey(same)).toBe(one);
  expect(one).toBe('ip6:2001:db8:1:2::/64');
  expect(addressKey('2001:db8:1:3::1')).not.toBe(one);
  expect(addressKey('::1')).toBe('ip6:0:0:0:0::/64');
  expect(addressKey('1::2:3:4:5:1.2.3.4')).toBe('ip6:1:0:2:3::/64');
  expect(addressKey('not an address')).toBe('ip:not an address');
});

test('a fixed window per key: over max is refused with Retry-After until the window ends, other keys untouched; reset forgets', async () => {
  let now = 0;
  const limiter = new RateLimiter('unit', 2, 60_000, memoryCounters(() => now));
  await limiter.hit('k');
  now = 1_000;
  await limiter.hit('k');
  now = 2_000;
  await expect(limiter.hit('k')).rejects.toMatchObject({ statusCode: 429, message: 'Too many attempts. Please try again later.', retryAfter: 58 });
  await expect(limiter.hit('another')).resolves.toBeUndefined();
  now = 59_999;
  expect(await limiter.over('k')).not.toBeNull();
  now = 60_000;
  expect(await limiter.over('k')).toBeNull();
  for (let i = 0; i < 3; i++) await limiter.count('j');
  expect(await limiter.over('j')).not.toBeNull();
  await limiter.reset('j');
  expect(await limiter.over('j')).toBeNull();
});
