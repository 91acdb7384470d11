// What an upload must be before anything of it is stored (issue 36): a manifest that parses and says
// what a release says (release.json), files that stay inside the release's folder, a remoteEntry.js
// whose bytes are the ones the manifest's integrity names, and no more than RELEASE_MAX_MB in all.
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { type ReleaseManifest, type ReleasePage, isReleaseVersion } from '@shop/contract';
import { badRequest, HttpError } from '../lib/errors.js';

/** RELEASE_MAX_MB's default: a build's files together. */
export const DEFAULT_RELEASE_MAX_MB = 50;
/** More files than any build has (a remote's dist is ~100): a bound on the work a request can ask. */
export const MAX_RELEASE_FILES = 2000;

export interface UploadedFile {
  path: string;
  bytes: Buffer;
}

/** A relative path of plain segments: no `..`, no leading `/`, no backslash, nothing hidden but the build's own names. */
const SEGMENT = /^[A-Za-z0-9_@][A-Za-z0-9_.@+-]{0,199}$/;
export function checkFilePath(path: string): string {
  const segments = path.split('/');
  if (!path || path.length > 400 || segments.some((s) => s === '..' || s === '.' || !SEGMENT.test(s))) {
    throw badRequest(`File path not allowed: ${JSON.stringify(path.slice(0, 200))} (paths stay inside the release's folder: letters, digits, _ . @ + -)`);
  }
  return path;
}

const isString = (v: unknown, max = 200): v is string => typeof v === 'string' && v.length > 0 && v.length <= max;
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.length <= 200 && v.every((s) => isString(s));
const GUARDS = ['admin', 'superAdmin', 'customer', 'signedIn', 'signedOut', 'none'];
const PAGE_PATH = /^\/[A-Za-z0-9\-._~&:/]{0,199}$/;

function pageOf(v: unknown, i: number): ReleasePage {
  const p = v as Record<string, unknown>;
  if (!p || typeof p !== 'object') throw badRequest(`manifest.pages[${i}] must be an object`);
  if (!isString(p.path) || !PAGE_PATH.test(p.path)) throw badRequest(`manifest.pages[${i}].path must be a path starting with /`);
  if (!isString(p.module)) throw badRequest(`manifest.pages[${i}].module must name an exposed module`);
  if (!GUARDS.includes(p.guard as string)) throw badRequest(`manifest.pages[${i}].guard must be one of ${GUARDS.join(', ')}`);
  const page: ReleasePage = { path: p.path, module: p.module, guard: p.guard as ReleasePage['guard'] };
  if (p.leadImage !== undefined) {
    const l = p.leadImage as Record<string, unknown>;
    if (!l || !['newest', 'product'].includes(l.of as string) || !isString(l.sizes)) throw badRequest(`manifest.pages[${i}].leadImage must have of (newest, product) and sizes`);
    page.leadImage = { of: l.of as 'newest' | 'product', sizes: l.sizes, ...(l.plainUrlOnly === true && { plainUrlOnly: true }) };
  }
  if (p.menu !== undefined) {
    const m = p.menu as Record<string, unknown>;
    if (!m || !isString(m.label) || (m.shownTo !== undefined && !GUARDS.includes(m.shownTo as string))) throw badRequest(`manifest.pages[${i}].menu must have a label`);
    page.menu = { label: m.label, ...(m.shownTo !== undefined && { shownTo: m.shownTo as ReleasePage['guard'] }) };
  }
  return page;
}

/** The manifest field's text as a release's manifest, or a 400 saying what is wrong with it. */
export function parseManifest(text: string | undefined, remote: string): ReleaseManifest {
  if (text === undefined || !text.trim()) throw badRequest('A release needs its manifest (the build\'s release.json) in the field "manifest"');
  let m: Record<string, unknown>;
  try {
    m = JSON.parse(text);
  } catch {
    throw badRequest('The manifest is not valid JSON');
  }
  if (!m || typeof m !== 'object' || Array.isArray(m)) throw badRequest('The manifest must be a JSON object');
  if (m.remote !== remote) throw badRequest(`The manifest is for the remote ${JSON.stringify(m.remote)}, not ${remote}`);
  if (!isReleaseVersion(m.version)) throw badRequest('manifest.version must be a package version and a content hash, as 1.4.0+a1b2c3d');
  if (!isStringList(m.exposes)) throw badRequest('manifest.exposes must list the exposed modules');
  if (!Array.isArray(m.pages) || m.pages.length > 200) throw badRequest('manifest.pages must be a list of pages');
  if (!isStringList(m.fragments)) throw badRequest('manifest.fragments must list the fragments');
  if (m.uses !== undefined && !isStringList(m.uses)) throw badRequest('manifest.uses must list fragment ids');
  const shared = m.shared as Record<string, unknown>;
  if (!shared || typeof shared !== 'object' || Array.isArray(shared) || !Object.values(shared).every((v) => isString(v, 50))) {
    throw badRequest('manifest.shared must map each shared singleton to its version');
  }
  if (!Number.isInteger(m.contract)) throw badRequest('manifest.contract must be the contract version it was built against');
  if (!isString(m.integrity) || !/^sha(256|384|512)-[A-Za-z0-9+/=]+$/.test(m.integrity)) throw badRequest('manifest.integrity must be remoteEntry.js\'s integrity (sha384-…)');
  return {
    remote,
    version: m.version,
    exposes: m.exposes,
    pages: m.pages.map(pageOf),
    fragments: m.fragments,
    ...(m.uses !== undefined && { uses: m.uses as string[] }),
    shared: shared as Record<string, string>,
    contract: m.contract as number,
    integrity: m.integrity,
  };
}

/** Throws when the files cannot be this release: no remoteEntry.js, or not the one the manifest names. */
export function checkFiles(files: UploadedFile[], manifest: ReleaseManifest): void {
  const entry = files.find((f) => f.path === 'remoteEntry.js');
  if (!entry) throw badRequest('A release needs its remoteEntry.js (at the top of its files)');
  const [algorithm, digest] = manifest.integrity.split(/-(.*)/s);
  const actual = createHash(algorithm).update(entry.bytes).digest('base64');
  if (actual !== digest) throw badRequest('remoteEntry.js is not the file the manifest\'s integrity names (was it built again after release.json?)');
  if (new Set(files.map((f) => f.path)).size !== files.length) throw badRequest('A file is named twice');
}

/** 413 past RELEASE_MAX_MB. */
export const tooLarge = (maxMb: number) => new HttpError(413, `A release may hold at most ${maxMb} MB (RELEASE_MAX_MB)`);

/** A header field of a tar block: text up to its first NUL. */
const field = (block: Buffer, at: number, length: number) => block.subarray(at, at + length).toString('utf8').replace(/\0.*$/s, '');

/**
 * The files of a tarball (`tar -czf build.tgz -C dist .`, gzipped or not), by their paths inside it:
 * ustar headers, long names from pax headers, folders and links skipped. Past maxBytes unpacked: a 413.
 */
export function filesOfTarball(bytes: Buffer, maxBytes: number): UploadedFile[] {
  let tar = bytes;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      tar = gunzipSync(bytes, { maxOutputLength: maxBytes + 1024 * 1024 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) throw tooLarge(Math.round(maxBytes / 1024 / 1024));
      throw badRequest('The tarball is not a valid gzip file');
    }
  }
  const files: UploadedFile[] = [];
  let longName: string | null = null;
  let total = 0;
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((b) => b === 0)) break;
    const size = Number.parseInt(field(header, 124, 12).trim() || '0', 8);
    if (!Number.isFinite(size) || size < 0 || at + 512 + size > tar.length) throw badRequest('The tarball is cut short or damaged');
    const body = tar.subarray(at + 512, at + 512 + size);
    const type = String.fromCharCode(header[156] || 0x30);
    const prefix = field(header, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    longName = null;
    if (type === 'x') longName = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body.toString('utf8'))?.[1] ?? null;
    else if (type === 'L') longName = body.toString('utf8').replace(/\0.*$/s, '');
    else if (type === '0' || type === '\0') {
      total += size;
      if (total > maxBytes) throw tooLarge(Math.round(maxBytes / 1024 / 1024));
      if (files.length >= MAX_RELEASE_FILES) throw badRequest(`A release may hold at most ${MAX_RELEASE_FILES} files`);
      files.push({ path: checkFilePath(name.replace(/^(\.\/)+/, '')), bytes: Buffer.from(body) });
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}
