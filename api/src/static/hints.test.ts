import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '../test/harness';
import { shellPreloadLinks } from './hints';

let t: TestApp;
let root: string;
const manifest = (extra: object) =>
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'remotes.json'), JSON.stringify({ apiUrl: '/api', remotes: { catalog: '/mfe-catalog/remoteEntry.js', checkout: '/mfe-checkout/remoteEntry.js', admin: '/mfe-admin/remoteEntry.js' }, ...extra }));

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-hints-'));
  fs.mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'index.html'), '<!doctype html><title>shop</title>');
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'main.js'), 'var shell;');
  manifest({ preload: ['catalog', 'checkout'] });
  t = await startTestApp({ staticRoot: root });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('preload hints on the shell page', () => {
  const expected = [
    '</remotes.json>; rel=preload; as=fetch; crossorigin=anonymous',
    '</api/currencies>; rel=preload; as=fetch; crossorigin=anonymous',
    '</mfe-catalog/remoteEntry.js>; rel=preload; as=script',
    '</mfe-checkout/remoteEntry.js>; rel=preload; as=script',
  ].join(', ');

  test('the manifest, the currencies and the entries of the remotes it lists under preload, at / and on client routes', async () => {
    for (const p of ['/', '/shop', '/some-product-slug']) {
      const r = await fetch(t.url + p);
      expect([p, r.headers.get('content-type'), r.headers.get('link')]).toEqual([p, 'text/html; charset=utf-8', expected]);
    }
  });

  test('none on scripts, JSON or the API', async () => {
    for (const p of ['/main.js', '/remotes.json', '/api/currencies']) expect([p, (await fetch(t.url + p)).headers.get('link')]).toEqual([p, null]);
  });

  test('follow remotes.json as it is edited, without a restart', async () => {
    manifest({ preload: ['admin'] });
    try {
      expect((await fetch(`${t.url}/shop`)).headers.get('link')).toContain('</mfe-admin/remoteEntry.js>; rel=preload; as=script');
    } finally {
      manifest({ preload: ['catalog', 'checkout'] });
    }
  });

  test('leave out what is not on this server, and a manifest that cannot be read', () => {
    const file = path.join(root, 'elsewhere.json');
    fs.writeFileSync(file, JSON.stringify({ apiUrl: 'https://api.example.com/api', remotes: { catalog: 'https://cdn.example.com/remoteEntry.js', checkout: '//cdn.example.com/c.js' }, preload: ['catalog', 'checkout', 'missing'] }));
    expect(shellPreloadLinks(file)).toBe('</remotes.json>; rel=preload; as=fetch; crossorigin=anonymous');
    fs.writeFileSync(file, '{ not json');
    expect(shellPreloadLinks(file)).toBeNull();
  });
});
