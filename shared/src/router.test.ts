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

describe('router facade', () => {
  it('is the only way the apps reach react-router, so the page has one router and only the pieces used are shipped', () => {
    const facade = path.join(root, 'shared/src/router.ts');
    const offenders = APPS.flatMap((app) => sourceFiles(path.join(root, app, 'src')))
      .filter((file) => file !== facade && /from ['"]react-router(-dom)?(\/[^'"]*)?['"]/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });
});
