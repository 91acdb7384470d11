// The gate (issue 36): a release is refused at registration and at promotion, with every reason at
// once, when it would not fit the shop it joins: another major version of a shared singleton than the
// shell's (two Reacts on a page break hooks), a contract the API no longer serves, a page whose module
// it does not expose, a path another remote (or the shell) already shows, or a fragment someone still
// embeds that it no longer offers.
import { type ReleaseManifest, SERVED_CONTRACT_VERSIONS, SHARED_SINGLETONS, SHELL_ROUTES, type ShopRoute, USED_FRAGMENTS } from '@shop/contract';

const major = (version: string | undefined) => (version ? /^\D*(\d+)/.exec(version)?.[1] : undefined);

export interface GateContext {
  /** The shell's singletons: name -> version (its release.json). */
  shellShared: Record<string, string>;
  /** The other remotes' live releases (stable and canary). */
  others: ReleaseManifest[];
  /** The shell's own route table (its build's routes.json): the pages of remotes with no release yet. */
  shellRoutes?: readonly ShopRoute[];
}

export function gateReasons(m: ReleaseManifest, { shellShared, others, shellRoutes = [] }: GateContext): string[] {
  const reasons: string[] = [];
  for (const name of SHARED_SINGLETONS) {
    const shell = shellShared[name];
    if (!shell) continue;
    const own = m.shared[name];
    if (major(own) !== major(shell)) reasons.push(`${name}: built against ${own ?? 'no version'}, the shell has ${shell} (the major versions must match)`);
  }
  if (!SERVED_CONTRACT_VERSIONS.includes(m.contract)) {
    reasons.push(`@shop/contract: built against contract version ${m.contract}, the API serves ${SERVED_CONTRACT_VERSIONS.join(', ')}`);
  }
  const exposed = new Set(m.exposes);
  for (const page of m.pages) if (!exposed.has(page.module)) reasons.push(`page ${page.path}: names the module ${page.module}, which the release does not expose`);
  for (const fragment of m.fragments) if (!exposed.has(fragment)) reasons.push(`fragment ${fragment}: not exposed by the release`);
  const taken = new Map<string, string>(SHELL_ROUTES.map((r) => [r.path, 'the shell']));
  const released = new Set([m.remote, ...others.map((o) => o.remote)]);
  for (const route of shellRoutes) {
    const owner = route.remote?.split('/')[0];
    if (owner && !released.has(owner)) taken.set(route.path, `the ${owner} remote`);
  }
  for (const other of others) for (const page of other.pages) taken.set(page.path, `the ${other.remote} remote`);
  for (const page of m.pages) {
    const owner = taken.get(page.path);
    if (owner) reasons.push(`page ${page.path}: already shown by ${owner}`);
  }
  const offered = new Set(m.fragments);
  const used = new Set([...USED_FRAGMENTS, ...others.flatMap((o) => o.uses ?? [])]);
  for (const id of used) {
    const [remote, module] = id.split('/');
    if (remote === m.remote && !offered.has(module)) reasons.push(`fragment ${id}: the shell or another remote embeds it, and the release does not offer it`);
  }
  return reasons;
}
