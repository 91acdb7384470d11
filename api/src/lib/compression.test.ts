import { gunzipSync } from 'node:zlib';
import { encoded, keepBody, keptFor } from './compression';

// Kept answers are what the catalogue cache holds by the hundred thousand: each must hold only its
// own bytes in memory, and reach every client in a form it takes.
const json = Buffer.from(JSON.stringify({ title: 'Opal Ring', description: 'A ring. '.repeat(300) }));

test('a kept answer holds only its own bytes, not the 16 KB chunk zlib wrote it in', () => {
  const kept = keepBody(json);
  expect(kept.gzipped).toBe(true);
  expect(kept.body.buffer.byteLength).toBe(kept.body.length);
  const small = keepBody(Buffer.from('{"hello":"world"}'));
  expect([small.gzipped, small.body.buffer.byteLength]).toEqual([false, small.body.length]);
  const br = encoded({ bytes: json }, 'br');
  expect(br.buffer.byteLength).toBe(br.length);
});

test('gzip goes to clients that take it (brotli ones too), the plain body to the others', () => {
  const kept = keepBody(json);
  for (const accept of ['gzip, deflate, br', 'br, gzip', 'gzip']) expect(keptFor(kept, accept).encoding).toBe('gzip');
  expect(gunzipSync(keptFor(kept, 'gzip').body)).toEqual(json);
  for (const accept of [undefined, '', 'br', 'gzip;q=0, br']) expect(keptFor(kept, accept)).toEqual({ body: json, encoding: null });
});
