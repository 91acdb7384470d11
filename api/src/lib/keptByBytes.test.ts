import fc from 'fast-check';
import { KeptByBytes } from './keptByBytes';

// The web layer's memories of pages and first views (web/shopPage.ts, web/firstViewRenderer.ts): bounded
// by bytes, least recently used first out, and honest about what they count.

test('the least recently used go first once the bytes pass the bound; a read makes an entry recent', () => {
  const kept = new KeptByBytes<string, string>(100);
  kept.set('a', 'A', 40);
  kept.set('b', 'B', 40);
  expect(kept.get('a')).toBe('A'); // a is now the most recent
  kept.set('c', 'C', 40); // 120 > 100: b goes, not a
  expect([kept.get('a'), kept.get('b'), kept.get('c')]).toEqual(['A', undefined, 'C']);
  expect(kept.size).toEqual({ entries: 2, bytes: 80 });
});

test('an entry that grows (a compressed copy added) is counted again and may push older ones out', () => {
  const kept = new KeptByBytes<string, string>(100);
  kept.set('a', 'A', 30);
  kept.set('b', 'B', 30);
  kept.resize('b', 80);
  expect([kept.get('a'), kept.get('b')]).toEqual([undefined, 'B']);
  expect(kept.size).toEqual({ entries: 1, bytes: 80 });
  kept.resize('gone', 10); // nothing kept under it: nothing counted
  expect(kept.size.bytes).toBe(80);
});

test('the newest entry stays even when it alone is over the bound; replacing an entry counts it once', () => {
  const kept = new KeptByBytes<string, string>(100);
  kept.set('a', 'A', 50);
  kept.set('big', 'BIG', 500);
  expect(kept.size).toEqual({ entries: 1, bytes: 500 });
  kept.set('big', 'BIGGER', 60);
  expect([kept.get('big'), kept.size.bytes]).toEqual(['BIGGER', 60]);
});

test('against a plain list in order of use, over any sets, resizes, reads and deletes: the same entries and bytes, within the bound or one entry', () => {
  const key = fc.integer({ min: 0, max: 9 });
  const bytes = fc.integer({ min: 1, max: 60 });
  const op = fc.oneof(
    fc.tuple(fc.constant('set' as const), key, bytes),
    fc.tuple(fc.constant('resize' as const), key, bytes),
    fc.tuple(fc.constant('get' as const), key, fc.constant(0)),
    fc.tuple(fc.constant('delete' as const), key, fc.constant(0)),
  );
  fc.assert(
    fc.property(fc.array(op, { maxLength: 80 }), (ops) => {
      const kept = new KeptByBytes<number, number>(100);
      const model: Array<[number, number]> = []; // [key, bytes], least recently used first
      const sum = () => model.reduce((n, [, b]) => n + b, 0);
      const evict = () => {
        while (sum() > 100 && model.length > 1) model.shift();
      };
      for (const [kind, k, b] of ops) {
        const at = model.findIndex(([mk]) => mk === k);
        if (kind === 'set') {
          kept.set(k, k, b);
          if (at >= 0) model.splice(at, 1);
          model.push([k, b]);
          evict();
        } else if (kind === 'resize') {
          kept.resize(k, b);
          if (at >= 0) model[at][1] = b;
          evict();
        } else if (kind === 'get') {
          expect(kept.get(k)).toBe(at >= 0 ? k : undefined);
          if (at >= 0) model.push(...model.splice(at, 1));
        } else {
          kept.delete(k);
          if (at >= 0) model.splice(at, 1);
        }
      }
      expect(kept.size).toEqual({ entries: model.length, bytes: sum() });
      expect(model.length <= 1 || sum() <= 100).toBe(true);
      for (const [k] of model) expect(kept.get(k)).toBe(k);
    }),
  );
});
