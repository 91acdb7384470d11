import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const APPS = ['shared', 'shell', 'mfe-catalog', 'mfe-checkout', 'mfe-account', 'mfe-admin'];
const isTestFile = (file: string) => /\.test\.tsx?$|[\\/](test|testing)[\\/]/.test(file);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !isTestFile(p) ? [p] : [];
  });
}

/** App files (outside shared/src, whose own modules may import the package) that import `pkg` or its subpaths. */
function importersOf(pkg: string): string[] {
  const from = new RegExp(`from ['"]${pkg}(/[^'"]*)?['"]`);
  return APPS.flatMap((app) => sourceFiles(path.join(root, app, 'src')))
    .filter((file) => !file.startsWith(path.join(root, 'shared', 'src') + path.sep) && from.test(fs.readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file));
}

// react-router and jotai live inside @shop/shared (router.ts, atoms.ts): one copy per page, tree-shaken.
// An app importing them itself would bundle a second router or jotai, with its own context or store.
describe('facades in @shop/shared', () => {
  it('are the only way the apps reach react-router', () => {
    expect(importersOf('react-router(-dom)?')).toEqual([]);
  });

  it('are the only way the apps reach jotai', () => {
    expect(importersOf('jotai')).toEqual([]);
  });
});
