import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { S3Settings } from '../storage/index.js';

// A real S3-compatible server in the test process (s3rver: the S3 REST API over a temp folder), so the
// bucket store is tested through the same SDK calls a real bucket gets. Path-style, as self-hosted stores are.

interface S3rverServer {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
// s3rver ships no types: the little used here.
const S3rver = require('s3rver') as new (options: {
  port: number;
  address: string;
  silent: boolean;
  directory: string;
  configureBuckets: Array<{ name: string }>;
}) => S3rverServer;

export interface TestS3 {
  /** What the app is given (S3_BUCKET, S3_ENDPOINT, …). */
  settings: S3Settings;
  /** The server's own folder (objects are files under it). */
  dir: string;
  close(): Promise<void>;
}

export async function startS3(bucket = 'shop-test'): Promise<TestS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    settings: { bucket, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    dir,
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The stores the image tests run on: local disk, and a bucket. */
export const STORES = ['disk', 's3'] as const;
export type StoreKind = (typeof STORES)[number];

/** A bucket for kind 's3' (closed by the caller), nothing for disk. */
export const bucketFor = (kind: StoreKind) => (kind === 's3' ? startS3() : Promise.resolve(null));

/** Every key in a store, sorted. */
export async function storedKeys(files: { list(prefix: string): AsyncIterable<string> }, prefix = ''): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of files.list(prefix)) keys.push(key);
  return keys.sort();
}
