import { startTestApp, type TestApp } from '../test/harness';

// A delete (or an update of a key) on the referenced table checks or cascades to every referencing
// row: without an index that starts with the referencing columns, each one reads that table whole.
// This keeps it so for every foreign key the migrations add, now and later.

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

test('every foreign key has an index that starts with its columns', async () => {
  const unindexed = await t.ctx.db.query<{ fk: string }>(`
    SELECT c.conrelid::regclass::text || '(' || (
             SELECT string_agg(a.attname, ', ' ORDER BY k.ord) FROM unnest(c.conkey) WITH ORDINALITY k(attnum, ord)
             JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) || ')' AS fk
      FROM pg_constraint c
     WHERE c.contype = 'f' AND c.connamespace = 'public'::regnamespace
       AND NOT EXISTS (
             SELECT 1 FROM pg_index i
              WHERE i.indrelid = c.conrelid
                AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
                AND (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey)
     ORDER BY 1`);
  expect(unindexed.map((r) => r.fk)).toEqual([]);
});
