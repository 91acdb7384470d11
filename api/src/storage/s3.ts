import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { type FileStore, typeOf } from './store.js';

// Uploads in an S3-compatible bucket (AWS, MinIO, R2, Ceph…), shared by every API process. Objects live
// under `uploads/` in the bucket, keyed as on disk, so a CDN in front of the bucket serves the same paths
// the shop does.

/** S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE, S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY, S3_PUBLIC_URL. */
export interface S3Settings {
  bucket: string;
  /** Another S3-compatible service than AWS (http://minio:9000). */
  endpoint?: string;
  region?: string;
  /** bucket in the path (endpoint/bucket/key), as most self-hosted stores need. */
  forcePathStyle?: boolean;
  /** Without them, the SDK's default chain (environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Browsers fetch files there (a CDN or the bucket's public address) instead of through the shop. */
  publicUrl?: string;
}

/** Objects' prefix in the bucket (the bucket may hold other things: backups, exports). */
export const BUCKET_PREFIX = 'uploads/';

/** Written once under a fresh name and never changed: a CDN serving the bucket directly may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const status = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** folder: the objects' folder in the bucket (uploads/; the remotes' releases/). */
export function s3Store(settings: S3Settings, folder = BUCKET_PREFIX): FileStore {
  const config: S3ClientConfig = {
    region: settings.region || 'us-east-1',
    endpoint: settings.endpoint || undefined,
    forcePathStyle: settings.forcePathStyle ?? false,
    // Checksums only where S3 requires them: many S3-compatible stores reject the SDK's newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (settings.accessKeyId && settings.secretAccessKey) config.credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey };
  const client = new S3Client(config);
  const Bucket = settings.bucket;
  const Key = (key: string) => folder + key;
  const publicBase = settings.publicUrl?.replace(/\/+$/, '');
  return {
    kind: 's3',
    async put(key, bytes, type) {
      await client.send(new PutObjectCommand({ Bucket, Key: Key(key), Body: bytes, ContentType: type, CacheControl: IMMUTABLE }));
    },
    async get(key, ifNoneMatch) {
      try {
        const r = await client.send(new GetObjectCommand({ Bucket, Key: Key(key), IfNoneMatch: ifNoneMatch || undefined }));
        return { size: r.ContentLength ?? 0, type: typeOf(key), etag: r.ETag ?? '', lastModified: r.LastModified ?? new Date(0), body: r.Body as Readable };
      } catch (err) {
        if (status(err) === 304) return { etag: ifNoneMatch!, body: null };
        if (status(err) === 404) return null;
        throw err;
      }
    },
    async head(key) {
      try {
        const r = await client.send(new HeadObjectCommand({ Bucket, Key: Key(key) }));
        return { size: r.ContentLength ?? 0, type: typeOf(key), etag: r.ETag ?? '', lastModified: r.LastModified ?? new Date(0) };
      } catch (err) {
        if (status(err) === 404) return null;
        throw err;
      }
    },
    async delete(keys) {
      // DeleteObjects takes up to 1000 keys a call.
      for (let i = 0; i < keys.length; i += 1000) {
        const Objects = keys.slice(i, i + 1000).map((key) => ({ Key: Key(key) }));
        const r = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
        if (r.Errors?.length) throw new Error(`The bucket kept ${r.Errors.length} of the files to delete: ${r.Errors[0].Key} (${r.Errors[0].Code})`);
      }
    },
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const r = await client.send(new ListObjectsV2Command({ Bucket, Prefix: Key(prefix), ContinuationToken }));
        for (const o of r.Contents ?? []) if (o.Key) yield o.Key.slice(folder.length);
        ContinuationToken = r.IsTruncated ? r.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    publicUrl: (key) => (publicBase ? `${publicBase}/${folder}${key.split('/').map(encodeURIComponent).join('/')}` : null),
    close: async () => client.destroy(),
  };
}
