import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestApp, type TestApp } from '../test/harness';
import { CompressedAssets } from './compressedAssets';

// Issue 36: the front ends' scripts are compressed once per file version and kept, whoever asks and
// however many at once; the bytes a browser unpacks are the file's, and a rebuilt file is never served stale.

const script = (word: string) => Buffer.from(`/* ${word} */\n${Array.from({ length: 400 }, (_, i) => `export const ${word}${i} = ${i * 7};`).join('\n')}`);

describe('CompressedAssets', () => {
  it('compresses a version once for any number of simultaneous asks, in each encoding', async () => {
    const assets = new CompressedAssets();
    let loads = 0;
    const load = async () => {
      loads++;
      return script('ring');
    };
    const bodies = await Promise.all(Array.from({ length: 20 }, (_, i) => assets.body('app.js|v1', i % 2 ? 'br' : 'gzip', load)));
    expect(loads).toBe(2);
    for (const [i, body] of bodies.entries()) expect((i % 2 ? brotliDecompressSync(body) : gunzipSync(body)).equals(script('ring'))).toBe(true);
    await assets.body('app.js|v1', 'br', load);
    expect(loads).toBe(2);
  });

  it('keeps within its budget, dropping the least recently used first', async () => {
    const one = (await new CompressedAssets().body('x', 'br', async () => script('a'))).length;
    const assets = new CompressedAssets(one * 2 + one / 2);
    for (const id of ['a', 'b', 'c']) await assets.body(id, 'br', async () => script('a'));
    expect(assets.size).toBeLessThanOrEqual(one * 2 + one / 2);
    let loads = 0;
    await assets.body('c', 'br', async () => {
      loads++;
      return script('a');
    });
    expect(loads).toBe(0);
    await assets.body('a', 'br', async () => {
      loads++;
      return script('a');
    });
    expect(loads).toBe(1);
  });

  it('gives no body and keeps nothing when the file cannot be read, and reads it again next time', async () => {
    const assets = new CompressedAssets();
    await expect(assets.body('gone', 'br', async () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    expect(assets.size).toBe(0);
    expect(brotliDecompressSync(await assets.body('gone', 'br', async () => script('back'))).equals(script('back'))).toBe(true);
  });
});

describe('a built remote’s files over HTTP', () => {
  let t: TestApp;
  let root: string;
  let file: string;
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-assets-'));
    fs.mkdirSync(path.join(root, 'mfe-catalog', 'dist'), { recursive: true });
    file = path.join(root, 'mfe-catalog', 'dist', 'chunk.js');
    fs.writeFileSync(file, script('necklace'));
    t = await startTestApp({ staticRoot: root });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const get = (encoding: string) => fetch(`${t.url}/mfe-catalog/chunk.js`, { headers: { 'accept-encoding': encoding } });

  it('sends brotli, gzip or the bytes as they are, the same file each way', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await get(encoding);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding')).toBe(encoding === 'identity' ? null : encoding);
      expect(Buffer.from(await res.arrayBuffer()).equals(script('necklace'))).toBe(true);
    }
    const br = await get('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Number(br.headers.get('content-length'))).toBeLessThan(script('necklace').length / 3);
    const etag = br.headers.get('etag')!;
    expect((await fetch(`${t.url}/mfe-catalog/chunk.js`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } })).status).toBe(304);
  });

  it('serves a rebuilt file’s new bytes, never the kept ones of the old', async () => {
    await (await get('br')).arrayBuffer();
    fs.writeFileSync(file, script('bracelet-rebuilt'));
    fs.utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const res = await get('br');
    expect(Buffer.from(await res.arrayBuffer()).equals(script('bracelet-rebuilt'))).toBe(true);
  });
});
