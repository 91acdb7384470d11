import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { RELEASED_REMOTES } from '@shop/contract';
import * as Q from './queries.js';
import { type ReleaseDeps, promote, registerRelease } from './service.js';
import { parseManifest, type UploadedFile } from './upload.js';

// npm start (issue 36): the four remotes built in this repository (mfe-* /dist, with release.json)
// become their first releases, so a newcomer's shop works as before. A build not registered yet is
// registered; it is made live when the remote has no release yet, or when what is live was itself one
// of these local builds (a rebuilt mfe-* /dist is live after the restart, as before). A remote whose
// team has shipped through the API (a deploy token, an admin) keeps what they made live.

export const BUILT_BY = 'build';

/** Every file under dir, by its path inside it. */
function filesUnder(dir: string, prefix = ''): UploadedFile[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const at = path.join(dir, e.name);
    if (e.isDirectory()) return filesUnder(at, `${prefix}${e.name}/`);
    return e.isFile() ? [{ path: `${prefix}${e.name}`, bytes: fs.readFileSync(at) }] : [];
  });
}

export async function registerBuiltRemotes(deps: ReleaseDeps, staticRoot: string, log: FastifyBaseLogger): Promise<void> {
  const actor = { kind: 'shop', name: BUILT_BY } as const;
  for (const remote of RELEASED_REMOTES) {
    const dir = path.join(staticRoot, `mfe-${remote}`);
    const manifestFile = path.join(dir, 'dist', 'release.json');
    if (!fs.existsSync(manifestFile)) continue;
    try {
      const manifest = parseManifest(fs.readFileSync(manifestFile, 'utf8'), remote);
      if (!(await Q.releaseOf(deps.db, remote, manifest.version))) {
        const files = [...filesUnder(path.join(dir, 'dist')), ...filesUnder(path.join(dir, 'dist-server'), 'dist-server/')];
        await registerRelease(deps, actor, manifest, files);
      }
      const channel = (await Q.channels(deps.db)).find((c) => c.remote === remote);
      const liveRow = channel && (await Q.releaseOf(deps.db, remote, channel.stable));
      if (!channel || (liveRow?.created_by === BUILT_BY && channel.stable !== manifest.version && !channel.canary)) await promote(deps, actor, remote, manifest.version);
    } catch (err) {
      log.warn({ err, remote }, `the built mfe-${remote} could not be registered as a release: ${(err as Error).message}`);
    }
  }
}
