// Remote releases (issue 36): each remote's team builds, uploads, canaries and rolls back its remote
// alone. A release is one build of one remote, immutable, with the manifest its build wrote
// (release.json beside remoteEntry.js); the API answers /remotes.json per visitor from the live
// releases, and the route table with it. What the build, the API, the shell and the back office agree on.
import type { Static } from '@sinclair/typebox';
// The wire shapes are the endpoint map's schemas (api/releases.ts): their types are taken from there.
import type * as A from './api/releases';
import type { ReleasePage } from './api/releases';
import { RELEASE_EVENT_KINDS, RELEASE_VERSION_PATTERN, RELEASED_REMOTES } from './api/values';
export { RELEASE_EVENT_KINDS, RELEASE_VERSION_PATTERN, RELEASED_REMOTES, type ReleasePage };
import type { FragmentId } from './fragments';
import type { ShopRoute } from './routes';

export type ReleasedRemote = (typeof RELEASED_REMOTES)[number];
export const isReleasedRemote = (name: string): name is ReleasedRemote => (RELEASED_REMOTES as readonly string[]).includes(name);

/**
 * The version of this contract's wire shapes. A remote records the one it was built against; the API
 * refuses a release built against one it no longer serves (SERVED_CONTRACT_VERSIONS). Raise it, and
 * drop the old one from the served list, only when a change breaks remotes built before it.
 */
export const CONTRACT_VERSION = 1;
export const SERVED_CONTRACT_VERSIONS: readonly number[] = [1];

/** The singletons every app shares at run time: a release's major version of each must be the shell's. */
export const SHARED_SINGLETONS = ['react', 'react-dom', 'react-router-dom', 'jotai', '@shop/shared', '@shop/contract'] as const;

/**
 * Every fragment the shell and the remotes embed in each other's pages (FragmentProps' ids): a release
 * of their remote that stops offering one is refused. Checked complete against FragmentProps below.
 */
const FRAGMENTS_IN_USE = {
  'checkout/MiniCart': true,
  'checkout/AddToCart': true,
  'checkout/WishlistButton': true,
  'checkout/CartRow': true,
  'account/OrdersList': true,
  'account/OrderDetailsModal': true,
  'admin/AdminFrame': true,
} as const satisfies Record<FragmentId, true>;
export const USED_FRAGMENTS = Object.keys(FRAGMENTS_IN_USE) as FragmentId[];

export const isReleaseVersion = (v: unknown): v is string => typeof v === 'string' && new RegExp(RELEASE_VERSION_PATTERN).test(v);


/** release.json: what a remote's build writes beside its remoteEntry.js, and what the API checks. */
export interface ReleaseManifest {
  remote: string;
  version: string;
  /** The exposed modules' names ("ProductPage", "MiniCart"). */
  exposes: string[];
  pages: ReleasePage[];
  /** The fragments (exposed modules other apps embed) it offers. */
  fragments: string[];
  /** The fragments of other remotes it embeds ("checkout/MiniCart"): the gate keeps them offered. */
  uses?: string[];
  /** Each shared singleton's version it was built against. */
  shared: Record<string, string>;
  contract: number;
  /** remoteEntry.js's subresource integrity (`sha384-…`). */
  integrity: string;
}

/** Where a release stands: live for everyone, the canary, a stable before the current one (a rollback's way back), or none of these. */
export type ReleaseStatus = 'stable' | 'canary' | 'past' | 'new';

/** One release as GET /api/releases answers it. */
export type Release = Static<typeof A.Release>;

/** GET /api/releases: per remote. */
export type RemoteReleases = Static<typeof A.RemoteReleases>;

/** POST /api/releases/{remote}/promote. percent 1-100; omitted or 100: everyone (the new stable). */
export type PromoteBody = Static<typeof A.PromoteBody>;

/** What the shell reports of a remote's release (POST /api/releases/events). */
export type ReleaseEventKind = (typeof RELEASE_EVENT_KINDS)[number];
export type ReleaseEvent = Static<typeof A.ReleaseEvent>;
export const RELEASE_EVENTS_URL = '/api/releases/events';

/** A deploy token as GET /api/releases/tokens lists it (its secret is shown once, at creation). */
export type DeployToken = Static<typeof A.DeployToken>;

/** The visitor's bucket (0-99): a first-party cookie, kept a year, so one person never flips between versions. */
export const BUCKET_COOKIE = 'shop_bucket';
export const BUCKET_COOKIE_MAX_AGE_S = 365 * 24 * 3600;
/** A bucket from the cookie's value, or null when absent or not one. */
export function bucketOf(cookieHeader: string | undefined): number | null {
  const m = cookieHeader ? new RegExp(`(?:^|;\\s*)${BUCKET_COOKIE}=(\\d{1,2})(?:;|$)`).exec(cookieHeader) : null;
  return m ? Number(m[1]) : null;
}
/** A canary of percent p serves buckets 0 … p-1. */
export const inCanary = (bucket: number, percent: number) => bucket < percent;

/** Where a release's files are served: /releases/<remote>/<version>/<file>. */
export const releaseFileUrl = (remote: string, version: string, file: string) => `/releases/${remote}/${encodeURIComponent(version)}/${file}`;

/** The shell's own pages, after the remotes' pages (shell/src/pages). */
export const SHELL_ROUTES: readonly ShopRoute[] = [
  { path: '/privacy-policy', page: 'PrivacyPage', guard: 'none' },
  { path: '/privacy-&-policy', page: 'PrivacyPage', guard: 'none' },
  // Issue 38 (17): the policy pages the owner writes (shipping-returns, secure-shopping).
  { path: '/pages/:slug', page: 'PolicyPage', guard: 'none' },
];

const routeOfPage = (remote: string, { path, module, guard, leadImage, menu, permission }: ReleasePage): ShopRoute => ({
  path,
  remote: `${remote}/${module}`,
  guard,
  ...(leadImage && { leadImage }),
  ...(menu && { menu }),
  ...(permission && { permission }),
});

/**
 * The route table: each remote's pages in RELEASED_REMOTES' order and its list's order, then the
 * shell's pages; a path with a parameter (the product catch-all `/:slug`) after every fixed path. The
 * shell's build writes it from the lists (shell/public/routes.json); the API makes it per visitor from
 * the releases that visitor gets.
 */
export function routeTableFrom(pagesOf: Partial<Record<string, readonly ReleasePage[]>>): ShopRoute[] {
  const routes = [...RELEASED_REMOTES.flatMap((remote) => (pagesOf[remote] ?? []).map((page) => routeOfPage(remote, page))), ...SHELL_ROUTES];
  // Fixed paths first, then paths with a parameter (/order-confirmation/:id), the catch-all of one segment (/:slug) last.
  const rank = (route: ShopRoute) => (!route.path.includes(':') ? 0 : /^\/:[^/]+$/.test(route.path) ? 2 : 1);
  return [0, 1, 2].flatMap((r) => routes.filter((route) => rank(route) === r));
}
