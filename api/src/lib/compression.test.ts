import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { encoded, encodedSoonThenWell, keepBody, keptFor } from './compression';

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

test('a body that may be sent once is compressed quickly the first time, well the second, and kept from then on', () => {
  const page = Buffer.from(`<!doctype html><html><head><title>Opal Ring</title></head><body>${'<p class="fv-lead">A ring of opal and gold, made by hand.</p>'.repeat(120)}</body></html>`);
  for (const [encoding, decode] of [['br', brotliDecompressSync], ['gzip', gunzipSync]] as const) {
    const entry = { bytes: page };
    const first = encodedSoonThenWell(entry, encoding);
    const second = encodedSoonThenWell(entry, encoding);
    expect(decode(first)).toEqual(page);
    expect(decode(second)).toEqual(page);
    expect(second).not.toBe(first); // made again, at the better setting
    expect(second.length).toBeLessThanOrEqual(first.length);
    expect(encodedSoonThenWell(entry, encoding)).toBe(second);
    expect(encoded(entry, encoding)).toBe(second);
  }
  // A body compressed well from the start is never made again.
  const kept = { bytes: page };
  const well = encoded(kept, 'br');
  expect(encodedSoonThenWell(kept, 'br')).toBe(well);
});
