import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { form, pngBytes, startTestApp, type TestApp } from '../test/harness';
import { bucketFor, STORES, startS3, storedKeys, type TestS3 } from '../test/s3';
import { generateDemoImages } from '../seed/images';
import { copyKeysOf } from './imageCopies';

// Uploaded images through the file store (storage/): the same behaviour on local disk and in an
// S3-compatible bucket (a real one, s3rver, started here), and several API processes sharing one store.

const jpeg = (background: string, width = 600, height = 778) => sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer();
const WEBP_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

describe.each(STORES)('uploaded images on %s', (kind) => {
  let t: TestApp;
  let s3: TestS3 | null;
  beforeAll(async () => {
    s3 = await bucketFor(kind);
    t = await startTestApp({ s3: s3?.settings });
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  test('are served at the width the page shows (?w=), made once and cached for good', async () => {
    await t.ctx.files.put('sized-test.jpg', await jpeg('#c9a45c'), 'image/jpeg');
    const full = await fetch(`${t.url}/uploads/sized-test.jpg`);
    expect((await sharp(Buffer.from(await full.arrayBuffer())).metadata()).width).toBe(600);
    for (const width of [160, 320]) {
      const res = await fetch(`${t.url}/uploads/sized-test.jpg?w=${width}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([width, Math.round((778 * width) / 600)]);
    }
    expect(await t.ctx.files.head('.sized/320/sized-test.jpg')).not.toBeNull();
    // Any other width is the original; a missing file is still a 404.
    expect((await sharp(Buffer.from(await (await fetch(`${t.url}/uploads/sized-test.jpg?w=999`)).arrayBuffer())).metadata()).width).toBe(600);
    expect((await fetch(`${t.url}/uploads/missing.jpg?w=320`)).status).toBe(404);
    for (const p of ['/uploads/nope.jpg', '/uploads/..%2F..%2Fetc%2Fpasswd', '/uploads/']) expect([p, (await fetch(t.url + p)).status]).toEqual([p, 404]);
  });

  test('go as WebP to a browser that takes it, at every width, under the same URL (Vary: Accept)', async () => {
    await t.ctx.files.put('webp-test.jpg', await jpeg('#b08d57'), 'image/jpeg');
    for (const [query, width] of [['', 600], ['?w=480', 480], ['?w=160', 160]] as const) {
      const res = await fetch(`${t.url}/uploads/webp-test.jpg${query}`, { headers: { accept: WEBP_ACCEPT } });
      expect([query, res.status, res.headers.get('content-type'), res.headers.get('vary')]).toEqual([query, 200, 'image/webp', 'Accept']);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([query, meta.format, meta.width]).toEqual([query, 'webp', width]);
    }
    expect(await t.ctx.files.head('.sized/full/webp-test.jpg.webp')).not.toBeNull();
    // Without WebP in Accept (an old client, a crawler): the JPEG, at the width asked.
    const plain = await fetch(`${t.url}/uploads/webp-test.jpg?w=480`, { headers: { accept: 'image/jpeg,*/*' } });
    expect([plain.headers.get('content-type'), plain.headers.get('vary')]).toEqual(['image/jpeg', 'Accept']);
    expect((await sharp(Buffer.from(await plain.arrayBuffer())).metadata()).format).toBe('jpeg');
  });

  test('an ETag, and 304 when the browser already has the file (original or copy); HEAD has the length', async () => {
    await t.ctx.files.put('etag-test.jpg', await jpeg('#a07d47'), 'image/jpeg');
    for (const query of ['', '?w=320']) {
      const first = await fetch(`${t.url}/uploads/etag-test.jpg${query}`);
      const etag = first.headers.get('etag')!;
      expect(etag).toBeTruthy();
      expect(first.headers.get('last-modified')).toBeTruthy();
      const again = await fetch(`${t.url}/uploads/etag-test.jpg${query}`, { headers: { 'if-none-match': etag } });
      expect([query, again.status, again.headers.get('etag'), again.headers.get('cache-control')]).toEqual([query, 304, etag, 'public, max-age=31536000, immutable']);
      const head = await fetch(`${t.url}/uploads/etag-test.jpg${query}`, { method: 'HEAD' });
      expect([head.status, head.headers.get('content-length')]).toEqual([200, String((await first.arrayBuffer()).byteLength)]);
    }
  });

  test('deleting an image from its product deletes the file and every copy; one another product shows stays', async () => {
    const png = await pngBytes(40, 40);
    const made = await t.call('POST', '/api/product', { token: t.adminToken, raw: form({ title: `Short Lived ${kind}` }, [1, 2].map((n) => ({ field: 'images', name: `p${n}.png`, type: 'image/png', data: png }))) });
    expect(made.status).toBe(201);
    const [gone, kept] = made.body.imageUrls.map((url: string) => url.replace(/^uploads\//, ''));
    const copiesOf = async (key: string) => (await storedKeys(t.ctx.files)).filter((k) => k === key || copyKeysOf(key).includes(k));
    expect(await copiesOf(gone)).toHaveLength(8); // the original, three widths in PNG and in WebP, full size in WebP
    // Another product shows the second photo too: it must stay when the first product lets it go.
    await t.product({ title: `Sharing ${kind}`, imageUrls: [`uploads/${kept}`] });
    expect((await t.call('DELETE', `/api/product/${made.body._id}/images/0`, { token: t.adminToken })).status).toBe(200);
    expect(await copiesOf(gone)).toEqual([]);
    expect((await fetch(`${t.url}/uploads/${gone}?w=160`)).status).toBe(404);
    expect((await t.call('DELETE', `/api/product/${made.body._id}/images/0`, { token: t.adminToken })).status).toBe(200);
    expect(await copiesOf(kept)).toHaveLength(8);
  });

  test("a copy made by one API process is served by another sharing the store; an upload through one is served by the other", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-shared-'));
    const a = await startTestApp({ s3: s3?.settings, dataDir });
    const b = await startTestApp({ s3: s3?.settings, dataDir }).catch(async (err) => {
      await a.close();
      throw err;
    });
    try {
      await a.ctx.files.put('shared.jpg', await jpeg('#907050'), 'image/jpeg');
      expect((await fetch(`${a.url}/uploads/shared.jpg?w=160`)).status).toBe(200);
      // b must read the store, not make its own: the copy a made is replaced by a marker only the store has.
      await a.ctx.files.put('.sized/160/shared.jpg', await jpeg('#000000', 17, 17), 'image/jpeg');
      const served = await fetch(`${b.url}/uploads/shared.jpg?w=160`);
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(17);
      const upload = await a.call('POST', '/api/product', { token: a.adminToken, raw: form({ title: 'Through A' }, [{ field: 'images', name: 'a.png', type: 'image/png', data: await pngBytes() }]) });
      expect(upload.status).toBe(201);
      const fromB = await fetch(`${b.url}/${upload.body.imageUrls[0]}?w=160`, { headers: { accept: WEBP_ACCEPT } });
      expect([fromB.status, fromB.headers.get('content-type')]).toEqual([200, 'image/webp']);
    } finally {
      await Promise.all([a.close(), b.close()]);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('on S3', () => {
  let s3: TestS3;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3.close());

  test('nothing is written under DATA_DIR/uploads: uploads, copies and demo photos all go to the bucket', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-only-'));
    const t = await startTestApp({ s3: s3.settings, dataDir });
    try {
      const made = await t.call('POST', '/api/product', { token: t.adminToken, raw: form({ title: 'Bucket Ring' }, [{ field: 'images', name: 'b.png', type: 'image/png', data: await pngBytes() }]) });
      expect(made.status).toBe(201);
      const key = made.body.imageUrls[0].replace(/^uploads\//, '');
      expect((await fetch(`${t.url}/uploads/${key}?w=320`, { headers: { accept: WEBP_ACCEPT } })).status).toBe(200);
      await generateDemoImages(t.ctx.files, [{ kind: 'ring', stone: 'Ruby', metal: 'gold' }]);
      const keys = await storedKeys(t.ctx.files);
      expect(keys).toEqual(expect.arrayContaining([key, `.sized/320/${key}.webp`, 'demo-ring-ruby-gold.jpg', '.sized/480/demo-ring-ruby-gold.jpg.webp', 'demo-ring-ruby-silver.jpg']));
      // The objects are in the bucket's own folder, under uploads/.
      expect(fs.readdirSync(path.join(s3.dir, s3.settings.bucket))).toContain('uploads');
      expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);
    } finally {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('with S3_PUBLIC_URL the shop redirects to the file there (the copy made first); a missing one is a 404 here', async () => {
    const t = await startTestApp({ s3: { ...s3.settings, publicUrl: `${s3.settings.endpoint}/${s3.settings.bucket}/` } });
    try {
      await t.ctx.files.put('cdn.jpg', await jpeg('#806040'), 'image/jpeg');
      const res = await fetch(`${t.url}/uploads/cdn.jpg?w=320`, { headers: { accept: WEBP_ACCEPT }, redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`${s3.settings.endpoint}/${s3.settings.bucket}/uploads/.sized/320/cdn.jpg.webp`);
      expect(res.headers.get('vary')).toBe('Accept');
      // The public address serves it (s3rver reads anonymously, as a public bucket or a CDN would).
      const followed = await fetch(`${t.url}/uploads/cdn.jpg?w=320`, { headers: { accept: WEBP_ACCEPT } });
      expect((await sharp(Buffer.from(await followed.arrayBuffer())).metadata()).width).toBe(320);
      expect((await fetch(`${t.url}/uploads/cdn.jpg`, { redirect: 'manual' })).headers.get('location')).toBe(`${s3.settings.endpoint}/${s3.settings.bucket}/uploads/cdn.jpg`);
      expect((await fetch(`${t.url}/uploads/none.jpg?w=320`, { redirect: 'manual' })).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});
