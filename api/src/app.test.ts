import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from './test/harness';

let t: TestApp;
let root: string;
beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-static-'));
  fs.mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  fs.mkdirSync(path.join(root, 'mfe-catalog', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), '<!doctype html><title>shop</title>' + ' '.repeat(2000));
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'main.abc123.js'), 'console.log("shell");'.repeat(200));
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'remotes.json'), '{}');
  fs.writeFileSync(path.join(root, 'mfe-catalog', 'dist', 'remoteEntry.js'), 'var catalog;');
  fs.writeFileSync(path.join(root, 'mfe-catalog', 'dist', '123.chunk.js'), 'var chunk;');
  t = await startTestApp({ staticRoot: root, corsOrigins: ['http://localhost:3001'] });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('server basics', () => {
  test('health, hello, OpenAPI document at /api/docs/json (the page at /api/docs: docs/docs.test.ts)', async () => {
    expect((await t.call('GET', '/api/health')).body).toEqual({ status: 'ok', database: 'up', productPages: { filling: expect.any(Boolean), kept: expect.any(Number) }, facets: { building: expect.any(Boolean) }, reviewLists: { filling: expect.any(Boolean), filled: expect.any(Number) } });
    expect((await t.call('GET', '/api/hello')).body).toEqual({ hello: 'world' });
    const docs = await t.call('GET', '/api/docs/json');
    expect(docs.body.openapi).toMatch(/^3\./);
    for (const p of ['/api/product/filter', '/api/order', '/api/user/login', '/api/cart/{id}', '/api/product/variant-option/{optionId}']) expect(Object.keys(docs.body.paths)).toContain(p);
  });

  test('errors are JSON {message}: malformed JSON 400, too large 413, bad media 415, unknown route 404', async () => {
    const bad = await t.call('POST', '/api/user/login', { raw: '{"uid":', headers: { 'content-type': 'application/json' } });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Body is not valid JSON' } });
    const big = await t.call('POST', '/api/user/login', { body: { uid: 'x'.repeat(1_200_000), password: 'y' } });
    expect(big.status).toBe(413);
    expect(typeof big.body.message).toBe('string');
    expect((await t.call('POST', '/api/user/login', { raw: 'uid=x', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    expect((await t.call('GET', '/api/nothing')).body.message).toMatch(/not found/);
    const v = await t.call('POST', '/api/user/login', { body: { uid: 'a' } });
    expect(v).toMatchObject({ status: 400, body: { message: expect.stringContaining('password') } });
  });

  test('security headers, and CORS only for configured origins', async () => {
    const r = await fetch(`${t.url}/api/currencies`, { headers: { origin: 'http://localhost:3001' } });
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(r.headers.get('access-control-allow-origin')).toBe('http://localhost:3001');
    const evil = await fetch(`${t.url}/api/currencies`, { headers: { origin: 'https://evil.example' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });
});

// Uploaded images (sizes, WebP, caching), on disk and on S3: web/uploads.test.ts.

describe('static front ends', () => {
  test('the shell at /, client routes fall back to index.html (no-cache)', async () => {
    for (const p of ['/', '/shop', '/some-product-slug', '/dashboard', '/my-account/orders']) {
      const r = await fetch(t.url + p);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toContain('text/html');
      expect(r.headers.get('cache-control')).toBe('no-cache');
      expect(await r.text()).toContain('<title>shop</title>');
    }
  });

  test('hashed assets cached for good, entry files not; compression for text', async () => {
    const js = await fetch(`${t.url}/main.abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('content-encoding')).toBe('gzip');
    expect(await js.text()).toContain('console.log');
    expect((await fetch(`${t.url}/remotes.json`)).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${t.url}/mfe-catalog/remoteEntry.js`)).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${t.url}/mfe-catalog/123.chunk.js`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test('a script goes as brotli at best quality, compressed once per version (web/compressedAssets.ts; issue 37: page weight)', async () => {
    // Raw bytes (fetch would decode them).
    const raw = (p: string, encoding: string) =>
      new Promise<{ encoding?: string; vary?: string; bytes: Buffer }>((resolve, reject) => {
        http.get(t.url + p, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, bytes: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const source = fs.readFileSync(path.join(root, 'shell', 'dist', 'main.abc123.js'));
    const best = zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length } });
    for (const accept of ['br, gzip', 'gzip, deflate, br']) {
      const sent = await raw('/main.abc123.js', accept);
      expect([sent.encoding, sent.vary, sent.bytes.equals(best)]).toEqual(['br', 'Accept-Encoding', true]);
    }
    // A client without brotli gets gzip.
    const gzip = await raw('/main.abc123.js', 'gzip');
    expect([gzip.encoding, zlib.gunzipSync(gzip.bytes).equals(source)]).toEqual(['gzip', true]);
  });

  test('missing files under /mfe-*, /uploads, /api and with extensions are 404, not the shell; no traversal', async () => {
    for (const p of ['/mfe-catalog/nope.js', '/uploads/nope.jpg', '/api/nope', '/missing.js', '/mfe-admin/remoteEntry.js', '/uploads/..%2F..%2Fetc%2Fpasswd', '/..%2Fpackage.json']) {
      const r = await fetch(t.url + p);
      expect([p, r.status]).toEqual([p, 404]);
    }
  });
});
