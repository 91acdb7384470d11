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

test('a fixed window: over max is refused with Retry-After until the window ends; reset forgets', () => {
  const limiter = new RateLimiter(2, 60_000);
  limiter.hit('k', 0);
  limiter.hit('k', 1_000);
  let refused: any;
  try {
    limiter.hit('k', 2_000);
  } catch (err) {
    refused = err;
  }
  expect(refused).toMatchObject({ statusCode: 429, message: 'Too many attempts. Please try again later.', retryAfter: 58 });
  expect(limiter.isOver('k', 59_999)).toBe(true);
  expect(limiter.isOver('k', 60_000)).toBe(false);
  limiter.count('j', 0);
  limiter.count('j', 0);
  limiter.count('j', 0);
  limiter.reset('j');
  expect(limiter.isOver('j', 1)).toBe(false);
});
