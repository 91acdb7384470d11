import { keepRecent } from './keepRecent';

test('keeps at most max entries, letting the least recently kept go', () => {
  const m = new Map<string, number>();
  keepRecent(m, 'a', 1, 2);
  keepRecent(m, 'b', 2, 2);
  expect(keepRecent(m, 'a', 3, 2)).toBe(3); // 'a' is now the most recent
  keepRecent(m, 'c', 4, 2);
  expect([...m]).toEqual([['a', 3], ['c', 4]]);
});
