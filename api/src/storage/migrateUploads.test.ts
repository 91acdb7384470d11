import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startS3, storedKeys, type TestS3 } from '../test/s3';
import { diskStore } from './disk';
import { migrateUploads } from './migrateUploads';
import { s3Store } from './s3';
import { readBytes } from './store';

// `npm run migrate-uploads`: a shop moving to S3 copies its uploads folder (copies included) into the
// bucket; run again, it copies only what is missing.

let s3: TestS3;
let folder: string;
beforeAll(async () => {
  s3 = await startS3();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-migrate-'));
  for (const [name, text] of [['a.jpg', 'photo a'], ['b.png', 'photo b'], ['.sized/160/a.jpg', 'a at 160'], ['.sized/full/a.jpg.webp', 'a as webp']]) {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), text);
  }
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const ALL = ['.sized/160/a.jpg', '.sized/full/a.jpg.webp', 'a.jpg', 'b.png'];

test('copies every file of the folder into the bucket, and skips what is there on a second run', async () => {
  const bucket = s3Store({ ...s3.settings });
  try {
    expect(await migrateUploads(diskStore(folder), bucket)).toEqual({ copied: 4, skipped: 0, failed: [] });
    expect(await storedKeys(bucket)).toEqual(ALL);
    expect(String(await readBytes(bucket, '.sized/160/a.jpg'))).toBe('a at 160');
    expect((await bucket.head('b.png'))!.type).toBe('image/png');
    fs.writeFileSync(path.join(folder, 'c.gif'), 'photo c');
    expect(await migrateUploads(diskStore(folder), bucket)).toEqual({ copied: 1, skipped: 4, failed: [] });
  } finally {
    fs.rmSync(path.join(folder, 'c.gif'), { force: true });
    await bucket.close();
  }
});

test('npm run migrate-uploads: the command reads the S3_* settings, names the folder, and reports the counts', async () => {
  const tsx = path.resolve(__dirname, '../../../node_modules/.bin/tsx');
  const env = {
    ...process.env,
    DATABASE_URL: '',
    INIT_CWD: '',
    S3_BUCKET: s3.settings.bucket,
    S3_ENDPOINT: s3.settings.endpoint,
    S3_REGION: 'us-east-1',
    S3_FORCE_PATH_STYLE: '1',
    S3_ACCESS_KEY_ID: s3.settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey,
  };
  const { stdout } = await promisify(execFile)(tsx, [path.join(__dirname, 'migrateUploads.ts'), folder], { env, cwd: path.resolve(__dirname, '../..') });
  expect(stdout).toContain(`Copying ${folder} into s3://${s3.settings.bucket}/uploads/`);
  expect(stdout).toMatch(/\d+ copied, \d+ already there, 0 failed\./);
  const bucket = s3Store(s3.settings);
  expect(await storedKeys(bucket)).toEqual(expect.arrayContaining(ALL));
  await bucket.close();
});
