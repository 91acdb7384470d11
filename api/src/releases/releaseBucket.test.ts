import fs from 'node:fs';
import { s3Store } from '../storage/s3';
import { startTestApp, type TestApp } from '../test/harness';
import { buildRelease, SHELL_SHARED, shellRoot, uploadForm } from '../test/releaseFixtures';
import { startS3, type TestS3 } from '../test/s3';

// Issue 36: releases in the bucket (S3_BUCKET), under releases/<remote>/<version>/ beside uploads/: the
// shop serves their files (immutable), and reads a live release's build manifest from a local copy for
// the page's preloads. A release whose files are gone from the bucket is a 404 (the shell shows its
// fallback and reports it).
jest.setTimeout(120_000);

let s3: TestS3;
let t: TestApp;
let root: string;
beforeAll(async () => {
  s3 = await startS3('shop-releases');
  root = shellRoot();
  t = await startTestApp({ s3: s3.settings, staticRoot: root, releases: { shellShared: SHELL_SHARED } });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

test('stored in the bucket under releases/, served from it, its build manifest read for the preloads', async () => {
  const release = buildRelease('catalog', { heading: 'bucket' });
  release.files['mf-manifest.json'] = JSON.stringify({ exposes: [{ name: 'HomePage', assets: { js: { sync: ['chunk.abc123.js'] }, css: { sync: [] } } }] });
  const { version } = release.manifest;
  expect((await t.call('POST', '/api/releases/catalog', { token: t.superToken, raw: uploadForm(release) })).status).toBe(201);
  expect((await t.call('POST', '/api/releases/catalog/promote', { token: t.superToken, body: { version } })).status).toBe(200);

  const bucket = s3Store(s3.settings, '');
  const keys: string[] = [];
  for await (const key of bucket.list('')) keys.push(key);
  expect(keys.sort()).toEqual([`releases/catalog/${version}/chunk.abc123.js`, `releases/catalog/${version}/mf-manifest.json`, `releases/catalog/${version}/remoteEntry.js`]);

  const base = `/releases/catalog/${encodeURIComponent(version)}`;
  const entry = await t.call('GET', `${base}/remoteEntry.js`);
  expect([entry.status, entry.body, entry.headers.get('cache-control')]).toEqual([200, release.files['remoteEntry.js'], 'public, max-age=31536000, immutable']);
  const page = await fetch(`${t.url}/`, { headers: { accept: 'text/html', cookie: 'shop_bucket=1' } });
  expect(page.headers.get('link')).toContain(`<${base}/chunk.abc123.js>; rel=preload; as=script`);

  // Deleted from the bucket: gone for the browser, which shows the fallback (and reports it).
  await bucket.delete(keys);
  expect((await t.call('GET', `${base}/remoteEntry.js`)).status).toBe(404);
  await bucket.close();
});
