// npm run check-imports: the import graph of every workspace's source, checked for what the
// architecture forbids (ARCHITECTURE.md, issue 21):
// - a cycle anywhere (type-only imports count too: a cycle of types is a knot all the same);
// - a remote importing the shell or another remote's files; the shell importing a remote's files
//   (they meet at run time through Module Federation only);
// - `shared` importing an app; the API importing front-end code; a front end importing the API;
// - the contract importing anything of the project; a front end importing the contract but through @shop/shared
//   (its core from the singleton, the other modules' values from '@shop/shared/src/contract': one way to each name);
// - inside the API (issue 35), its layers: a domain's routes.ts (validate, authorize) calls its service, the
//   service (decide) calls queries (files named *queries.ts / *Queries.ts), and the SQL is in queries only:
//   routes importing queries, queries importing a service or routes, a routes.ts imported but to be
//   registered (app/routeRegistry.ts) or re-exported by its own folder's index.ts, and SQL outside
//   queries (but for the places named in SQL_OUTSIDE_QUERIES, with why).
// Reads files as text (import/export … from, import(), require()), resolves relative paths and
// @shop/shared, and prints each problem with the chain that makes it.
import fs from 'node:fs';
import path from 'node:path';
import { root } from './apps.mjs';

const WORKSPACES = ['contract', 'shared', 'shell', 'mfe-catalog', 'mfe-checkout', 'mfe-account', 'mfe-admin', 'api', 'e2e', 'bench'];
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const FRONT_ENDS = ['shell', 'mfe-catalog', 'mfe-checkout', 'mfe-account', 'mfe-admin'];

function files(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', 'dist', 'dist-server', '.dev'].includes(e.name) ? [] : files(p);
    return SOURCE.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

const SPECIFIERS = /(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

/** The file a specifier names, or null for a package (other than @shop/shared and @shop/contract). */
function resolve(from, spec) {
  let base;
  if (spec === '@shop/contract') base = path.join(root, 'contract/src/index');
  else if (spec === '@shop/contract/core') base = path.join(root, 'contract/src/browserCore');
  else if (spec === '@shop/shared') base = path.join(root, 'shared/src/index');
  else if (spec.startsWith('@shop/shared/')) base = path.join(root, 'shared', spec.slice('@shop/shared/'.length));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  const stem = base.replace(/\.(js|mjs|ts|tsx)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mjs`, `${stem}.js`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const workspaceOf = (file) => path.relative(root, file).split(path.sep)[0];

export function importGraph() {
  const graph = new Map();
  for (const ws of WORKSPACES) {
    for (const file of files(path.join(root, ws))) {
      // Comments go first: they name imports in prose ("apps import them from '@shop/shared'").
      const text = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      const targets = new Set();
      for (const m of text.matchAll(SPECIFIERS)) {
        const target = resolve(file, m[1] ?? m[2] ?? m[3] ?? m[4]);
        if (target) targets.add(target);
      }
      graph.set(file, targets);
    }
  }
  return graph;
}

/** A rule broken by an import from one workspace to another, or null. */
function forbidden(fromWs, toWs, toFile) {
  if (fromWs === toWs) return null;
  if (fromWs === 'contract') return 'the contract must import nothing of the project (pure TypeScript: no React, no Node)';
  if (fromWs === 'shared' && toWs !== 'contract') return 'shared must not import an app';
  if (FRONT_ENDS.includes(fromWs) && toWs === 'contract') return `${fromWs} reads the contract through @shop/shared (the one federation singleton)`;
  if (FRONT_ENDS.includes(fromWs) && FRONT_ENDS.includes(toWs)) return `${fromWs} must not import ${toWs}'s files (remotes meet at run time)`;
  if (FRONT_ENDS.includes(fromWs) && toWs === 'api') return 'a front end must not import the API';
  if (fromWs === 'api' && FRONT_ENDS.includes(toWs)) return 'the API must not import front-end code';
  if (fromWs === 'api' && toWs === 'shared' && /\.tsx$/.test(toFile)) return 'the API must not import React components';
  return null;
}

// --- The API's layers ---------------------------------------------------------------------------------

const API_SRC = path.join(root, 'api', 'src');
const apiPath = (file) => path.relative(API_SRC, file).split(path.sep).join('/');
const isRoutes = (file) => path.basename(file) === 'routes.ts';
const isQueries = (file) => /[qQ]ueries\.ts$/.test(path.basename(file));
const isService = (file) => path.basename(file) === 'service.ts';
/** The one module that registers every domain's routes. */
const ROUTE_REGISTRY = 'app/routeRegistry.ts';

/** Where SQL may be written outside a queries file, and why. */
const SQL_OUTSIDE_QUERIES = [
  ['db/', 'the database layer itself: connections, transactions, LISTEN, the migrations and their runner'],
  ['catalog/memory/ownWrites.ts', "the counted database handle's read-only transactions (SET TRANSACTION), part of the handle"],
  ['limits/database.ts', "the limits' PostgreSQL store, twin of limits/redis.ts and the memory counters: its SQL is the whole of it"],
  ['seed/', 'fills an empty database once at start (the demo); no request runs it, and it uses the domains\' queries where they exist'],
];

/** A string that starts with SQL (capitals, as the project writes it). */
const SQL = /[`'"]\s*(SELECT|INSERT\s+INTO|UPDATE\s+\S+\s+SET|DELETE\s+FROM|WITH\s+\w+\s+AS|BEGIN|COMMIT|ROLLBACK|LISTEN|NOTIFY|SET\s+TRANSACTION|CREATE|ALTER|DROP|TRUNCATE|LOCK\s+TABLE)\b/g;

/** A layering rule of the API broken by an import, or null. */
function apiLayerBroken(file, target) {
  if (!file.startsWith(API_SRC + path.sep) || !target.startsWith(API_SRC + path.sep)) return null;
  if (isRoutes(file) && isQueries(target)) return 'routes call their service, never queries';
  if (isQueries(file) && (isService(target) || isRoutes(target))) return 'queries are called by services, and call neither services nor routes';
  if (isRoutes(target) && apiPath(file) !== ROUTE_REGISTRY && !(path.basename(file) === 'index.ts' && path.dirname(file) === path.dirname(target))) {
    return `a domain's routes are registered by ${ROUTE_REGISTRY} only (what they share goes in its service or the contract)`;
  }
  return null;
}

/** SQL written in an API file outside its queries (comments excluded), as "file:line". */
function sqlOutsideQueries() {
  const found = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'test') walk(p);
        continue;
      }
      if (!/\.ts$/.test(e.name) || /\.test\.ts$/.test(e.name) || isQueries(p)) continue;
      const at = apiPath(p);
      if (SQL_OUTSIDE_QUERIES.some(([allowed]) => (allowed.endsWith('/') ? at.startsWith(allowed) : at === allowed))) continue;
      // Comments blanked (their lines kept, for the line numbers).
      const text = fs.readFileSync(p, 'utf8').replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/^\s*\/\/.*$/gm, '');
      for (const m of text.matchAll(SQL)) found.push(`${path.relative(root, p)}:${text.slice(0, m.index).split('\n').length}`);
    }
  };
  if (fs.existsSync(API_SRC)) walk(API_SRC);
  return found;
}

// --- The contract beside the singleton (issue 37) ------------------------------------------------------

/** Files that take the whole contract from '@shop/shared/src/contract' because they run without the singleton. */
const WITHOUT_SINGLETON = [
  ['shell/src/routing/routeTableOf.ts', "the shell's main.js: it runs before the singletons are negotiated"],
  ['shell/src/federation/afterFirstViewPainted.ts', "the shell's main.js: it runs before the singletons are negotiated"],
  ['mfe-catalog/src/firstView/', "the first-view renderer, built for Node (no React, no DOM)"],
];

/** The names @shop/shared re-exports from the contract: what contract/src/browserCore.ts exports whole or by name. */
function singletonContractNames() {
  const core = fs.readFileSync(path.join(root, 'contract/src/browserCore.ts'), 'utf8');
  const names = new Set();
  for (const m of core.matchAll(/^export \* from '\.\/(\w+)';$/gm)) {
    const text = fs.readFileSync(path.join(root, 'contract/src', `${m[1]}.ts`), 'utf8');
    for (const d of text.matchAll(/^export (?:declare )?(?:const|function|class|enum|let|type|interface) (\w+)/gm)) names.add(d[1]);
  }
  for (const m of core.matchAll(/^export \{([^}]*)\} from/gm)) for (const n of m[1].split(',')) names.add(n.trim());
  return names;
}

/** One way to each name: a front end takes from '@shop/shared/src/contract' only the values the singleton does not offer. */
function contractBesideSingleton() {
  const offered = singletonContractNames();
  const found = [];
  for (const ws of ['shell', 'mfe-catalog', 'mfe-checkout', 'mfe-account', 'mfe-admin']) {
    for (const file of files(path.join(root, ws, 'src'))) {
      const at = path.relative(root, file).split(path.sep).join('/');
      if (WITHOUT_SINGLETON.some(([allowed]) => (allowed.endsWith('/') ? at.startsWith(allowed) : at === allowed))) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/import\s*(type\s*)?\{([^}]*)\}\s*from\s*'@shop\/shared\/src\/contract'/g)) {
        for (const part of m[2].split(',').map((n) => n.trim()).filter(Boolean)) {
          const name = part.replace(/^type\s+/, '').split(/\s+as\s+/)[0];
          if (m[1] || part.startsWith('type ')) found.push(`${at}: the type ${name} comes from '@shop/shared' (types cost nothing in the singleton)`);
          else if (offered.has(name)) found.push(`${at}: ${name} comes from '@shop/shared' (the singleton has it; '@shop/shared/src/contract' is for the values it leaves out)`);
        }
      }
    }
  }
  return found;
}

/** Strongly connected components of more than one file (or a file importing itself): Tarjan's algorithm. */
function cycles(graph) {
  let index = 0;
  const stack = [];
  const on = new Set();
  const idx = new Map();
  const low = new Map();
  const found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.has(v)) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

export function checkImports() {
  const graph = importGraph();
  const problems = [];
  for (const [file, targets] of graph) {
    // A test may read another app's data to check the two agree (routes.json); cycles count everywhere.
    if (/\.test\.tsx?$/.test(file)) continue;
    for (const target of targets) {
      const why = forbidden(workspaceOf(file), workspaceOf(target), target) ?? apiLayerBroken(file, target);
      if (why) problems.push(`${path.relative(root, file)} -> ${path.relative(root, target)}: ${why}`);
    }
  }
  for (const at of sqlOutsideQueries()) problems.push(`${at}: SQL outside a queries file (the API's SQL is in its queries; or name the place in SQL_OUTSIDE_QUERIES with why)`);
  problems.push(...contractBesideSingleton());
  for (const component of cycles(graph)) problems.push(`import cycle: ${component.map((f) => path.relative(root, f)).join(' -> ')}`);
  return { files: graph.size, problems };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { files: count, problems } = checkImports();
  if (problems.length) {
    console.error(problems.join('\n'));
    console.error(`${problems.length} import problem(s) in ${count} files`);
    process.exit(1);
  }
  console.log(`imports: ${count} files, no cycle, no forbidden import, the API's layers kept`);
}
