import { diskStore } from './disk.js';
import { s3Store, type S3Settings } from './s3.js';
import type { FileStore } from './store.js';

export type { S3Settings } from './s3.js';
export { type FileInfo, type FileStore, keyOfImageUrl, keyOfPath, normalizedPath, readBytes, type StoredFile, typeOf } from './store.js';

export interface StorageOptions {
  /** The uploads folder of the disk store (DATA_DIR/uploads, or a temp folder). */
  uploadsDir: () => string;
  /** A bucket instead (S3_*): then nothing is written under uploadsDir. */
  s3?: S3Settings;
  /** The objects' folder in the bucket (default uploads/). */
  bucketPrefix?: string;
}

export function createFileStore({ uploadsDir, s3, bucketPrefix }: StorageOptions): FileStore {
  return s3 ? s3Store(s3, bucketPrefix) : diskStore(uploadsDir());
}
