import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ShopRoute } from '@shop/contract';
import { startTestApp, type TestApp } from './harness';

// A test app serving the shell's real index.html and route table (shell/public), built into a temp
// STATIC_ROOT: pages answered as the shop answers them (web/seo.test.ts, web/sitemap.test.ts).

const PUBLIC = path.resolve(__dirname, '../../../shell/public');
/** The shell's route table, as the shell's build writes it. */
export const SHELL_ROUTES: ShopRoute[] = JSON.parse(fs.readFileSync(path.join(PUBLIC, 'routes.json'), 'utf8'));

/** The app at publicUrl (PUBLIC_URL), with the shell's own pages; close() removes them too. */
export async function startWithShell(publicUrl: string): Promise<TestApp> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-shell-'));
  const shell = path.join(root, 'shell', 'dist');
  fs.mkdirSync(shell, { recursive: true });
  for (const file of ['index.html', 'routes.json']) fs.copyFileSync(path.join(PUBLIC, file), path.join(shell, file));
  const t = await startTestApp({ staticRoot: root, mail: { publicUrl } });
  const close = t.close;
  t.close = async () => {
    await close();
    fs.rmSync(root, { recursive: true, force: true });
  };
  return t;
}
