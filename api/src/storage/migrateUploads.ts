import fs from 'node:fs';
import path from 'node:path';
import { readSettings } from '../settings.js';
import { diskStore } from './disk.js';
import { s3Store } from './s3.js';
import { type FileStore, readBytes } from './store.js';

// `npm run migrate-uploads`: copies a local uploads folder (DATA_DIR/uploads, or the folder named on
// the command line) into the bucket the S3_* settings name, copies (.sized/) included, so a shop moved
// to S3 keeps every photo. Safe to run again: a file the bucket already has at the same size is skipped.

export interface MigrationCount {
  copied: number;
  skipped: number;
  failed: Array<{ key: string; error: string }>;
}

export async function migrateUploads(from: FileStore, to: FileStore, onFile?: (key: string, done: 'copied' | 'skipped' | 'failed') => void): Promise<MigrationCount> {
  const count: MigrationCount = { copied: 0, skipped: 0, failed: [] };
  for await (const key of from.list('')) {
    try {
      const [source, there] = await Promise.all([from.head(key), to.head(key)]);
      if (!source) continue; // gone meanwhile
      if (there && there.size === source.size) {
        count.skipped += 1;
        onFile?.(key, 'skipped');
        continue;
      }
      const bytes = await readBytes(from, key);
      if (!bytes) continue;
      await to.put(key, bytes, source.type);
      count.copied += 1;
      onFile?.(key, 'copied');
    } catch (err) {
      count.failed.push({ key, error: (err as Error).message });
      onFile?.(key, 'failed');
    }
  }
  return count;
}

async function main() {
  // Paths (DATA_DIR, the folder named) are read from where the command was typed, not api/ (npm -w).
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const { app } = readSettings(process.env);
  if (!app.s3) throw new Error('Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, credentials as needed) to name the bucket to copy the uploads into.');
  const folder = path.resolve(process.argv[2] ?? path.join(app.dataDir!, 'uploads'));
  if (!fs.existsSync(folder)) throw new Error(`No uploads folder at ${folder} (name one: npm run migrate-uploads -- <folder>).`);
  const to = s3Store(app.s3);
  console.log(`Copying ${folder} into s3://${app.s3.bucket}/uploads/ …`);
  const count = await migrateUploads(diskStore(folder), to);
  await to.close();
  for (const f of count.failed) console.error(`failed: ${f.key}: ${f.error}`);
  console.log(`${count.copied} copied, ${count.skipped} already there, ${count.failed.length} failed.`);
  if (count.failed.length) process.exitCode = 1;
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
