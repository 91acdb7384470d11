import sharp from 'sharp';
import { MAX_IMAGE_FRAMES, MAX_IMAGE_PIXELS } from '../../lib/imageLimits';
import { readBytes } from '../../storage';
import { form, pngBytes, startTestApp, type TestApp } from '../../test/harness';
import { bucketFor, STORES, storedKeys, type TestS3 } from '../../test/s3';

// Issue 16, findings 4 and 9: a product needs an image (SPEC §5), and no upload may cost more to
// decode than MAX_IMAGE_PIXELS / MAX_IMAGE_FRAMES, whatever its format or its few bytes claim.
// Refusals change nothing: no row, no file. The same on local disk and in a bucket (S3).

describe.each(STORES)('uploads on %s', (kind) => {
  let t: TestApp;
  let s3: TestS3 | null;
  let png: Buffer;
  beforeAll(async () => {
    s3 = await bucketFor(kind);
    t = await startTestApp({ s3: s3?.settings });
    png = await pngBytes();
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  const create = (files: Array<{ name: string; type: string; data: Buffer }>, title = 'Upload Ring') =>
    t.call('POST', '/api/product', { token: t.adminToken, raw: form({ title }, files.map((f) => ({ field: 'images', ...f }))) });

  /** Files in the store, copies included. */
  const uploads = () => storedKeys(t.ctx.files);

  /** A real 2 x 2 GIF whose header and image descriptor then claim width x height (a few dozen bytes). */
  async function gifClaiming(width: number, height: number): Promise<Buffer> {
    const gif = Buffer.from(await sharp({ create: { width: 2, height: 2, channels: 3, background: '#c9a227' } }).gif().toBuffer());
    gif.writeUInt16LE(width, 6);
    gif.writeUInt16LE(height, 8);
    const descriptor = gif.indexOf(0x2c, 13);
    gif.writeUInt16LE(width, descriptor + 5);
    gif.writeUInt16LE(height, descriptor + 7);
    return gif;
  }

  /** An animated GIF of `frames` distinct 8 x 8 frames. */
  async function animatedGif(frames: number): Promise<Buffer> {
    const raw = Buffer.alloc(8 * 8 * 3 * frames);
    for (let f = 0; f < frames; f++) for (let i = 0; i < 64; i++) raw.writeUIntBE(((f * 2654435761) >>> 8) & 0xffffff, (f * 64 + i) * 3, 3);
    return sharp(raw, { raw: { width: 8, height: 8 * frames, channels: 3, pageHeight: 8 } }).gif().toBuffer();
  }

  async function expectRefused(files: Array<{ name: string; type: string; data: Buffer }>, message: RegExp) {
    const before = await t.fingerprint();
    const files0 = await uploads();
    const r = await create(files);
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(message);
    expect(await t.fingerprint()).toBe(before);
    expect(await uploads()).toEqual(files0);
  }

  test('POST /product without an image is refused, and nothing is created', async () => {
    await expectRefused([], /at least one image/);
  });

  test('a GIF claiming 50000 x 50000 in a few bytes is refused before it is decoded', async () => {
    const gif = await gifClaiming(50_000, 50_000);
    expect(gif.length).toBeLessThan(100);
    await expectRefused([{ name: 'huge.gif', type: 'image/gif', data: gif }], /huge\.gif is too large \(50000 x 50000\); at most 25 megapixels/);
  });

  test('every format is bounded: a PNG over the pixel bound is refused, and so is one good file beside it', async () => {
    const side = Math.ceil(Math.sqrt(MAX_IMAGE_PIXELS)) + 1;
    const wide = await sharp({ create: { width: side, height: side, channels: 3, background: '#000' } }).png({ compressionLevel: 9 }).toBuffer();
    await expectRefused([{ name: 'ok.png', type: 'image/png', data: png }, { name: 'wide.png', type: 'image/png', data: wide }], /wide\.png is too large/);
  });

  test('an animated GIF beyond the frame bound is refused; a short one keeps its frames', async () => {
    const long = await animatedGif(MAX_IMAGE_FRAMES + 60);
    const pages = (await sharp(long).metadata()).pages ?? 1;
    expect(pages).toBeGreaterThan(MAX_IMAGE_FRAMES);
    await expectRefused([{ name: 'film.gif', type: 'image/gif', data: long }], new RegExp(`film\\.gif has ${pages} frames; at most ${MAX_IMAGE_FRAMES}`));
    const short = await animatedGif(6);
    const ok = await create([{ name: 'turn.gif', type: 'image/gif', data: short }], 'Turning Ring');
    expect(ok.status).toBe(201);
    const stored = await readBytes(t.ctx.files, ok.body.imageUrls[0].replace(/^uploads\//, ''));
    expect((await sharp(stored!).metadata()).pages).toBe((await sharp(short).metadata()).pages);
  });

  test('a normal photo is accepted, and a copy of an oversized file already on disk is never a 500', async () => {
    const ok = await create([{ name: 'ring.png', type: 'image/png', data: png }], 'Photo Ring');
    expect(ok.status).toBe(201);
    // Put there before the bound existed (or by hand): its copies are refused by sharp, the original is sent.
    await t.ctx.files.put('legacy-huge.gif', await gifClaiming(50_000, 50_000), 'image/gif');
    const copy = await fetch(`${t.url}/uploads/legacy-huge.gif?w=320`);
    expect(copy.status).toBe(200);
    expect(Buffer.from(await copy.arrayBuffer()).subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect(await t.ctx.files.head('.sized/320/legacy-huge.gif')).toBeNull();
  });
});
