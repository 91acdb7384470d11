import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type PromoteBody, RELEASE_EVENT_KINDS, RELEASE_VERSION_PATTERN, RELEASED_REMOTES, type ReleaseEvent } from '@shop/contract';
import type { Ctx } from '../context.js';
import { badRequest, HttpError, unauthorized } from '../lib/errors.js';
import { addressKey, RateLimiter } from '../lib/ratelimit.js';
import { bearer, idParam, message } from '../lib/schemas.js';
import type { ReleaseHealth } from './health.js';
import type { LiveReleases } from './live.js';
import * as S from './service.js';
import { checkFilePath, filesOfTarball, MAX_RELEASE_FILES, parseManifest, tooLarge, type UploadedFile } from './upload.js';

const tags = ['releases'];

/** Health reports one address may send a minute (a page sends at most one per remote and kind). */
export const EVENTS_PER_IP = 120;

export interface ReleaseRouteOptions {
  deps: S.ReleaseDeps;
  live: LiveReleases;
  health: ReleaseHealth;
  /** RELEASE_MAX_MB in bytes: a release's files together. */
  maxBytes: number;
}

const remoteParam = { type: 'object', required: ['remote'], properties: { remote: { type: 'string', enum: [...RELEASED_REMOTES] } } } as const;
const version = { type: 'string', pattern: RELEASE_VERSION_PATTERN, maxLength: 100 } as const;
const promoteBody = {
  type: 'object',
  required: ['version'],
  additionalProperties: false,
  properties: { version, percent: { type: 'integer', minimum: 1, maximum: 100 } },
} as const;
const eventBody = {
  type: 'object',
  required: ['remote', 'version', 'kind'],
  additionalProperties: false,
  properties: {
    remote: { type: 'string', enum: [...RELEASED_REMOTES] },
    version,
    kind: { type: 'string', enum: [...RELEASE_EVENT_KINDS] },
    count: { type: 'integer', minimum: 1, maximum: 100 },
  },
} as const;
const tokenBody = { type: 'object', required: ['remote'], additionalProperties: false, properties: { remote: { type: 'string', enum: [...RELEASED_REMOTES] } } } as const;
const release = {
  type: 'object',
  properties: {
    version: { type: 'string' },
    createdAt: { type: 'string' },
    createdBy: { type: 'string' },
    pages: { type: 'array', items: { type: 'object', additionalProperties: true } },
    shared: { type: 'object', additionalProperties: { type: 'string' } },
    integrity: { type: 'string' },
    status: { type: 'string' },
    views: { type: 'integer' },
    errors: { type: 'integer' },
  },
} as const;
const refusal = { type: 'object', properties: { message: { type: 'string' }, reasons: { type: 'array', items: { type: 'string' } } } } as const;

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
  const superAdmin = { onRequest: ctx.auth.superAdmin };
  const perIp = new RateLimiter('release-events', EVENTS_PER_IP, 60_000, ctx.counters);
  /** Who acts, found before the body is read: a deploy token (for its remote) or a super admin. */
  const actors = new WeakMap<FastifyRequest, S.Actor>();
  const deployer = {
    onRequest: async (req: FastifyRequest) => {
      const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      const byToken = token ? await S.tokenActor(ctx.db, token) : null;
      if (byToken) return void actors.set(req, byToken);
      await ctx.auth.superAdmin(req);
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

  app.get('/releases', { ...superAdmin, schema: { tags, security: bearer, summary: 'Every remote\'s stable, canary and past releases (super admin)' } }, () => S.listReleases(ctx.db));

  app.post<{ Params: { remote: string } }>(
    '/releases/:remote',
    {
      ...deployer,
      bodyLimit: maxBytes + 1024 * 1024,
      schema: {
        tags,
        security: bearer,
        consumes: ['multipart/form-data'],
        summary: 'Register a release: multipart "manifest" (release.json) and the build\'s files, each under its path, or "tarball" (a .tar or .tar.gz of them) (a deploy token of the remote, or a super admin)',
        params: remoteParam,
        response: { 201: release, 400: message, 403: message, 409: refusal, 413: message },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      S.mayAct(actor, req.params.remote);
      const { manifest, files } = await readUpload(req, req.params.remote, maxBytes);
      return reply.code(201).send(await S.registerRelease(deps, actor, manifest, files));
    },
  );

  app.post<{ Params: { remote: string }; Body: PromoteBody }>(
    '/releases/:remote/promote',
    { ...deployer, schema: { tags, security: bearer, summary: 'Make a release live: for everyone, or as the canary for percent of visitors', params: remoteParam, body: promoteBody, response: { 200: release, 404: message, 409: refusal } } },
    async (req) => S.promote(deps, actorOf(req), req.params.remote, req.body.version, req.body.percent),
  );

  app.post<{ Params: { remote: string } }>(
    '/releases/:remote/rollback',
    { ...deployer, schema: { tags, security: bearer, summary: 'Roll back: the canary dropped, or the stable before the current one live again; answers the release now live', params: remoteParam, response: { 200: release, 404: message, 409: message } } },
    async (req) => (await S.rollback(deps, actorOf(req), req.params.remote))!,
  );

  app.post<{ Body: ReleaseEvent }>(
    '/releases/events',
    { schema: { tags, summary: 'A page\'s report of a remote that failed to load or threw (anonymous, rate-limited)', body: eventBody, response: { 204: { type: 'null' }, 400: message, 429: message } } },
    async (req, reply) => {
      await perIp.hit(addressKey(req.ip));
      // Reports of a release no longer live (a page opened before a rollback) count for nothing.
      if (live.isLive(req.body.remote, req.body.version)) health.error(req.body.remote, req.body.version, req.body.count ?? 1);
      return reply.code(204).send();
    },
  );

  app.post<{ Body: { remote: string } }>(
    '/releases/tokens',
    { ...superAdmin, schema: { tags, security: bearer, summary: 'A deploy token for one remote (shown once)', body: tokenBody } },
    async (req, reply) => reply.code(201).send(await S.createToken(ctx.db, req.user!, req.body.remote)),
  );
  app.get('/releases/tokens', { ...superAdmin, schema: { tags, security: bearer, summary: 'Deploy tokens in use, the last used first' } }, () => S.listTokens(ctx.db));
  app.delete<{ Params: { id: string } }>(
    '/releases/tokens/:id',
    { ...superAdmin, schema: { tags, security: bearer, summary: 'Revoke a deploy token', params: idParam(), response: { 204: { type: 'null' }, 404: message } } },
    async (req, reply) => {
      await S.revokeToken(ctx.db, req.user!, req.params.id);
      return reply.code(204).send();
    },
  );
}
