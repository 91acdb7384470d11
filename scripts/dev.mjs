// npm run dev: the API with reload on :4000 and every front end's dev server with live reload.
// Open http://localhost:3000 (the shell); remotes run on 3001-3004 and can be opened alone.
import { spawn } from 'node:child_process';
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildContract, FRONT_ENDS, root } from './apps.mjs';

const API_PORT = process.env.API_PORT || '4000';
const env = { ...process.env, API_URL: `http://localhost:${API_PORT}` };

// The shell's dev manifest points at the remotes' dev servers.
const devManifest = {
  apiUrl: '/api',
  remotes: Object.fromEntries(FRONT_ENDS.slice(1).map((f) => [f.dir.replace('mfe-', ''), `http://localhost:${f.port}/remoteEntry.js`])),
};
mkdirSync(path.join(root, 'shell/.dev'), { recursive: true });
writeFileSync(path.join(root, 'shell/.dev/remotes.json'), JSON.stringify(devManifest, null, 2));

await buildContract(); // the API reads @shop/contract's JavaScript
const children = [
  spawn('npx', ['tsx', 'watch', 'api/src/server.ts'], { cwd: root, stdio: 'inherit', env: { ...env, PORT: API_PORT } }),
  ...FRONT_ENDS.map((f) =>
    spawn('npx', ['webpack', 'serve', '--mode', 'development', '--config', `${f.dir}/webpack.config.js`], {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, SHELL_DEV_MANIFEST: f.dir === 'shell' ? path.join(root, 'shell/.dev/remotes.json') : '' },
    }),
  ),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
