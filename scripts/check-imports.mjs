// npm run check-imports: the import graph of every workspace's source, checked for what the
// architecture forbids (ARCHITECTURE.md, issue 21):
// - a cycle anywhere (type-only imports count too: a cycle of types is a knot all the same);
// - a remote importing the shell or another remote's files; the shell importing a remote's files
//   (they meet at run time through Module Federation only);
// - `shared` importing an app; the API importing front-end code; a front end importing the API;
// - the contract importing anything of the project; a front end importing the contract but through @shop/shared.
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
      const why = forbidden(workspaceOf(file), workspaceOf(target), target);
      if (why) problems.push(`${path.relative(root, file)} -> ${path.relative(root, target)}: ${why}`);
    }
  }
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
  console.log(`imports: ${count} files, no cycle, no forbidden import`);
}
