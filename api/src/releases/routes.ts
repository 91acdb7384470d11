import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints as E } from '@shop/contract';
import type { Ctx } from '../context.js';
import { route } from '../lib/endpoints.js';
import { badRequest, HttpError, unauthorized } from '../lib/errors.js';
import { addressKey, RateLimiter } from '../lib/ratelimit.js';
import type { ReleaseHealth } from './health.js';
import type { LiveReleases } from './live.js';
import * as S from './service.js';
import { checkFilePath, filesOfTarball, MAX_RELEASE_FILES, parseManifest, tooLarge, type UploadedFile } from './upload.js';

/** Health reports one address may send a minute (a page sends at most one per remote and kind). */
export const EVENTS_PER_IP = 120;

export interface ReleaseRouteOptions {
  deps: S.ReleaseDeps;
  live: LiveReleases;
  health: ReleaseHealth;
  /** RELEASE_MAX_MB in bytes: a release's files together. */
  maxBytes: number;
}

/** The manifest and the files of a multipart upload, each file's field name its path in the release; past maxBytes, a 413. */
async function readUpload(req: FastifyRequest, remote: string, maxBytes: number) {
  if (!req.isMultipart()) throw new HttpError(415, 'Expected multipart/form-data: the field "manifest" and the build\'s files');
  const files: UploadedFile[] = [];
  let manifestText: string | undefined;
  let total = 0;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes + 1, files: MAX_RELEASE_FILES, parts: MAX_RELEASE_FILES + 10, fieldSize: 1024 * 1024 } })) {
      if (part.fieldname === 'manifest') {
        manifestText = part.type === 'file' ? (await part.toBuffer()).toString('utf8') : String(part.value ?? '');
        continue;
      }
      if (part.type !== 'file') continue;
      // The build as one tarball (its files inside, by their paths), or each file under its path.
      if (part.fieldname === 'tarball') {
        for (const file of filesOfTarball(await part.toBuffer(), maxBytes - total)) {
          total += file.bytes.length;
          files.push(file);
        }
        continue;
      }
      const path = checkFilePath(part.fieldname);
      const bytes = await part.toBuffer();
      total += bytes.length;
      if (total > maxBytes) throw tooLarge(Math.round(maxBytes / 1024 / 1024));
      files.push({ path, bytes });
    }
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 413) throw tooLarge(Math.round(maxBytes / 1024 / 1024));
    if (status && status < 500) throw err;
    throw badRequest(`Malformed multipart body: ${(err as Error).message}`);
  }
  return { manifest: parseManifest(manifestText, remote), files };
}

/** The releases of the remotes (issue 36): the teams' CLI (deploy tokens), the back office, the shell's health reports. */
export default async function releaseRoutes(app: FastifyInstance, ctx: Ctx, { deps, live, health, maxBytes }: ReleaseRouteOptions) {
  const perIp = new RateLimiter('release-events', EVENTS_PER_IP, 60_000, ctx.counters);
  /** Who acts, found before the body is read: a deploy token (for its remote) or a super admin. */
  const actors = new WeakMap<FastifyRequest, S.Actor>();
  const deployer = {
    onRequest: async (req: FastifyRequest) => {
      const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      const byToken = token ? await S.tokenActor(ctx.db, token) : null;
      if (byToken) return void actors.set(req, byToken);
      // Issue 42: a staff member whose role holds 'releases' (the Owners).
      await ctx.auth.staff('releases')(req);
      if (!req.user) throw unauthorized();
      actors.set(req, { kind: 'admin', id: req.user.id, email: req.user.email });
    },
  };
  const actorOf = (req: FastifyRequest): S.Actor => actors.get(req)!;
  // The gate's refusal lists its reasons beside the message.
  app.setErrorHandler((err, _req, reply) => {
    if (err instanceof S.GateRefusal) return reply.code(409).send({ message: err.message, reasons: err.reasons });
    throw err;
  });

  const { auth, db } = ctx;
  route(app, auth, E.releases, () => S.listReleases(db));
  route(
    app,
    auth,
    E.registerRelease,
    async (req, reply) => {
      const actor = actorOf(req);
      S.mayAct(actor, req.params.remote);
      const { manifest, files } = await readUpload(req, req.params.remote, maxBytes);
      return reply.code(201).send(await S.registerRelease(deps, actor, manifest, files));
    },
    { ...deployer, bodyLimit: maxBytes + 1024 * 1024 },
  );
  route(app, auth, E.promoteRelease, (req) => S.promote(deps, actorOf(req), req.params.remote, req.body.version, req.body.percent), deployer);
  route(app, auth, E.rollbackRelease, async (req) => (await S.rollback(deps, actorOf(req), req.params.remote))!, deployer);
  route(app, auth, E.releaseEvent, async (req, reply) => {
    await perIp.hit(addressKey(req.ip));
    // Reports of a release no longer live (a page opened before a rollback) count for nothing.
    if (live.isLive(req.body.remote, req.body.version)) health.error(req.body.remote, req.body.version, req.body.count ?? 1);
    return reply.code(204).send();
  });
  route(app, auth, E.createDeployToken, async (req, reply) => reply.code(201).send(await S.createToken(db, req.user!, req.body.remote)));
  route(app, auth, E.deployTokens, () => S.listTokens(db));
  route(app, auth, E.revokeDeployToken, async (req, reply) => {
    await S.revokeToken(db, req.user!, req.params.id);
    return reply.code(204).send();
  });
}
