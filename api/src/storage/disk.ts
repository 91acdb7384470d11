import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { type FileInfo, type FileStore, typeOf } from './store.js';

// Uploads on local disk, under one folder (DATA_DIR/uploads): the embedded default. Several processes
// on one machine (or one shared volume) see each other's files, as the store is the folder itself.

/** The ETag a file on disk has always been served with: its size and modification time. */
const etagOf = (stat: fs.Stats) => `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;

const missing = (err: unknown) => ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((err as NodeJS.ErrnoException).code ?? '');

export function diskStore(uploadsDir: string): FileStore {
  const root = path.resolve(uploadsDir);
  fs.mkdirSync(root, { recursive: true });
  /** The file of key; never outside root (keys come from URLs). */
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(root + path.sep)) throw Object.assign(new Error(`Key outside the uploads folder: ${key}`), { statusCode: 400 });
    return file;
  };
  const infoOf = async (key: string): Promise<(FileInfo & { file: string }) | null> => {
    const file = fileOf(key);
    try {
      const stat = await fsp.stat(file);
      return stat.isFile() ? { file, size: stat.size, type: typeOf(key), etag: etagOf(stat), lastModified: stat.mtime } : null;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  };
  async function* walk(dir: string): AsyncIterable<string> {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (missing(err)) return;
      throw err;
    }
    for (const e of entries) {
      const at = path.join(dir, e.name);
      if (e.isDirectory()) yield* walk(at);
      // A copy being written (imageCopies' temp files) is not a file yet.
      else if (e.isFile() && !e.name.endsWith('.tmp')) yield path.relative(root, at).split(path.sep).join('/');
    }
  }
  return {
    kind: 'disk',
    async put(key, bytes) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      await fsp.writeFile(temp, bytes);
      await fsp.rename(temp, file); // atomic: other readers never see half a file
    },
    async get(key, ifNoneMatch) {
      const info = await infoOf(key);
      if (!info) return null;
      const { file, ...rest } = info;
      if (ifNoneMatch === info.etag) return { etag: info.etag, body: null };
      return { ...rest, body: fs.createReadStream(file) };
    },
    async head(key) {
      const info = await infoOf(key);
      if (!info) return null;
      const { file: _file, ...rest } = info;
      return rest;
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => fsp.rm(fileOf(key), { force: true })));
    },
    async *list(prefix) {
      // Walk only the folder the prefix names, then filter by the rest of it.
      const dir = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      for await (const key of walk(dir ? fileOf(dir) : root)) if (key.startsWith(prefix)) yield key;
    },
    localPath: fileOf,
    publicUrl: () => null,
    close: async () => undefined,
  };
}
