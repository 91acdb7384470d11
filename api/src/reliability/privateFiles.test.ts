import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../test/freePort';
import { spawnApi } from '../test/server';

// Issue 16, finding 11: the embedded database, uploads and the JWT secret are this user's alone.
// The real process (api/dist/server.js) starts on a fresh DATA_DIR that already exists as 0755 (as
// `mkdir` leaves it), with the demo seeded (database files, generated photos).

jest.setTimeout(180_000);

function modes(dir: string): Array<[string, number]> {
  const out: Array<[string, number]> = [[dir, fs.statSync(dir).mode & 0o777]];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...modes(p));
    else if (e.isFile()) out.push([p, fs.statSync(p).mode & 0o777]);
  }
  return out;
}

test('DATA_DIR is 0700, and every file under it 0600, on the embedded database', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-private-'));
  fs.chmodSync(dataDir, 0o755);
  fs.writeFileSync(path.join(dataDir, 'left-by-an-older-version'), 'x', { mode: 0o644 });
  const api = await spawnApi({ DATABASE_URL: '', DATA_DIR: dataDir, SEED_DEMO: '1', NODE_ENV: 'development' }, await freePort());
  try {
    // A copy made on request (web/imageCopies.ts) is written later, by the running server.
    const photo = fs.readdirSync(path.join(dataDir, 'uploads')).find((name) => name.endsWith('.jpg'))!;
    expect((await fetch(`${api.url}/uploads/${photo}?w=160`, { headers: { accept: 'image/webp' } })).status).toBe(200);
    const all = modes(dataDir);
    expect(all.some(([p]) => p.includes(`${path.sep}.sized${path.sep}`))).toBe(true);
    expect(all.length).toBeGreaterThan(50); // the database's files and the demo photos are there
    const dirs = all.filter(([p]) => fs.statSync(p).isDirectory());
    const files = all.filter(([p]) => fs.statSync(p).isFile());
    expect(dirs.filter(([, m]) => m !== 0o700)).toEqual([]);
    expect(files.filter(([, m]) => m !== 0o600)).toEqual([]);
  } finally {
    api.child.kill('SIGTERM');
    await new Promise((r) => api.child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
