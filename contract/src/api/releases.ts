// The remotes' releases (issue 36): the teams' CLI (deploy tokens) registers and promotes them, the
// back office watches them, the shell reports their failures.
import { Type } from '@sinclair/typebox';
import type { Guard, LeadImage, MenuOffer } from '../routes';
import type { Permission } from '../staff';
import { endpoint } from './endpoint';
import { literals } from './search';
import { AnswerId, DateTime, IdParam, Message, NoContent, Refusal, Nullable } from './schema';

import { RELEASE_EVENT_KINDS, RELEASE_VERSION_PATTERN, RELEASED_REMOTES } from './values';

export { RELEASE_EVENT_KINDS, RELEASE_VERSION_PATTERN, RELEASED_REMOTES };
/** A page as a release offers it: today's PageOffer without its source file. */
export interface ReleasePage {
  path: string;
  module: string;
  guard: Guard;
  leadImage?: LeadImage;
  menu?: MenuOffer;
  /** Issue 42: the back-office page's permission (the shell's account menu hides it from staff without it). */
  permission?: Permission;
}

const str = Type.String();
const int = Type.Integer();

export const ReleaseStatus = literals(['stable', 'canary', 'past', 'new']);
/** One release as the API answers it. */
export const Release = Type.Object({
  version: str,
  createdAt: DateTime,
  /** Who registered it: an admin's e-mail, a deploy token's id ("token:<id>"), or "build" (npm start). */
  createdBy: str,
  pages: Type.Array(Type.Unsafe<ReleasePage>({ type: 'object', additionalProperties: true, description: 'a page of the manifest: path, module, guard, leadImage, menu' })),
  shared: Type.Record(Type.String(), Type.String()),
  integrity: str,
  status: ReleaseStatus,
  /** Page views and error reports counted for it (the health rule's numbers). */
  views: int,
  errors: int,
});
/** GET /api/releases: per remote. */
export const RemoteReleases = Type.Object({
  /** A remote of RELEASED_REMOTES, or one that has releases stored from before it was dropped from the list. */
  remote: str,
  stable: Type.Union([Release, Type.Null()]),
  canary: Type.Union([Release, Type.Null()]),
  /** The canary's share of visitors (1-99), 0 without one. */
  percent: int,
  history: Type.Array(Release),
});
/** A deploy token as listed (its secret is shown once, when made). */
export const DeployToken = Type.Object({ _id: AnswerId, remote: str, createdAt: DateTime, createdBy: Nullable(str), lastUsedAt: Nullable(DateTime) });

const Remote = literals(RELEASED_REMOTES);
const RemoteParam = Type.Object({ remote: Remote });
const Version = Type.String({ pattern: RELEASE_VERSION_PATTERN, maxLength: 100 });
/** POST /releases/:remote/promote. percent 1-100; omitted or 100: everyone (the new stable). */
export const PromoteBody = Type.Object({ version: Version, percent: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }, { additionalProperties: false });
/** A page's report of a remote that failed to load or threw. */
export const ReleaseEvent = Type.Object(
  { remote: Remote, version: Version, kind: literals(RELEASE_EVENT_KINDS), count: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) },
  { additionalProperties: false },
);
/** The gate's refusal lists its reasons beside the message. */
const GateRefusal = Type.Object({ message: str, reasons: Type.Optional(Type.Array(str)) });

const tags = ['releases'];

export const releaseEndpoints = {
  releases: endpoint({ method: 'GET', path: '/releases', access: 'admin', permission: 'releases', tags, summary: "Every remote's stable, canary and past releases (super admin)", answers: { 200: Type.Array(RemoteReleases) } }),
  registerRelease: endpoint({
    method: 'POST',
    path: '/releases/:remote',
    access: 'deployer', permission: 'releases',
    tags,
    consumes: 'multipart/form-data',
    summary: 'Register a release: multipart "manifest" (release.json) and the build\'s files, each under its path, or "tarball" (a .tar or .tar.gz of them) (a deploy token of the remote, or a super admin)',
    params: RemoteParam,
    answers: { 201: Release, 400: Message, 403: Refusal, 409: GateRefusal, 413: Message },
  }),
  promoteRelease: endpoint({
    method: 'POST',
    path: '/releases/:remote/promote',
    access: 'deployer', permission: 'releases',
    tags,
    summary: 'Make a release live: for everyone, or as the canary for percent of visitors',
    params: RemoteParam,
    body: PromoteBody,
    answers: { 200: Release, 404: Message, 409: GateRefusal },
  }),
  rollbackRelease: endpoint({
    method: 'POST',
    path: '/releases/:remote/rollback',
    access: 'deployer', permission: 'releases',
    tags,
    summary: 'Roll back: the canary dropped, or the stable before the current one live again; answers the release now live',
    params: RemoteParam,
    answers: { 200: Release, 404: Message, 409: Message },
  }),
  releaseEvent: endpoint({
    method: 'POST',
    path: '/releases/events',
    access: 'anyone',
    tags,
    summary: "A page's report of a remote that failed to load or threw (anonymous, rate-limited)",
    body: ReleaseEvent,
    answers: { 204: NoContent, 400: Message, 429: Message },
  }),
  createDeployToken: endpoint({
    method: 'POST',
    path: '/releases/tokens',
    access: 'admin', permission: 'releases',
    tags,
    summary: 'A deploy token for one remote (shown once)',
    body: Type.Object({ remote: Remote }, { additionalProperties: false }),
    answers: { 201: Type.Object({ _id: AnswerId, token: str }) },
  }),
  deployTokens: endpoint({ method: 'GET', path: '/releases/tokens', access: 'admin', permission: 'releases', tags, summary: 'Deploy tokens in use, the last used first', answers: { 200: Type.Array(DeployToken) } }),
  revokeDeployToken: endpoint({
    method: 'DELETE',
    path: '/releases/tokens/:id',
    access: 'admin', permission: 'releases',
    tags,
    summary: 'Revoke a deploy token',
    params: IdParam,
    answers: { 204: NoContent, 404: Message },
  }),
};
