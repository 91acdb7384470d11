// npm run release|promote|rollback -w mfe-<name> (issue 36): a remote's team ships its remote alone.
//   release             build, upload the build with its release.json, print the new version
//   promote <version> [--percent N]   a canary for N % of visitors, or everyone
//   rollback            the one before, at once
// SHOP_URL (default http://localhost:3000) says which shop; RELEASE_TOKEN who: a deploy token of this
// remote (the back office's Releases page, or POST /api/releases/tokens), never an admin's password.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const dir = process.cwd();
const folder = path.basename(dir);
const remote = folder.replace(/^mfe-/, '');
const shop = (process.env.SHOP_URL || 'http://localhost:3000').replace(/\/+$/, '');
const token = process.env.RELEASE_TOKEN;

function fail(message) {
  console.error(message);
  process.exit(1);
}
if (!/^mfe-[a-z]+$/.test(folder)) fail(`Run it for one remote: npm run ${command} -w mfe-catalog`);
if (!token) fail('RELEASE_TOKEN is not set: make a deploy token for this remote on the Releases page of the back office (or POST /api/releases/tokens {"remote"}).');

async function call(method, url, body) {
  const headers = { authorization: `Bearer ${token}` };
  if (body && !(body instanceof FormData)) headers['content-type'] = 'application/json';
  let res;
  try {
    res = await fetch(`${shop}${url}`, { method, headers, body: body instanceof FormData ? body : body && JSON.stringify(body) });
  } catch (err) {
    fail(`${shop} could not be reached (${err.cause?.code ?? err.message}): is SHOP_URL right?`);
  }
  const text = await res.text();
  let answer = {};
  try {
    answer = text ? JSON.parse(text) : {};
  } catch {
    answer = { message: text };
  }
  if (!res.ok) fail([`${res.status}: ${answer.message ?? res.statusText}`, ...(answer.reasons ?? []).map((r) => `  - ${r}`)].join('\n'));
  return answer;
}

/** Every file under a folder, by its path inside it. */
function filesUnder(at, prefix = '') {
  if (!fs.existsSync(at)) return [];
  return fs.readdirSync(at, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(at, e.name);
    if (e.isDirectory()) return filesUnder(file, `${prefix}${e.name}/`);
    return e.isFile() ? [[`${prefix}${e.name}`, file]] : [];
  });
}

if (command === 'release') {
  const built = spawnSync('npm', ['run', 'build'], { cwd: dir, stdio: 'inherit' });
  if (built.status !== 0) fail('The build failed: nothing was uploaded.');
  const manifest = path.join(dir, 'dist', 'release.json');
  if (!fs.existsSync(manifest)) fail(`${manifest} is missing: the build writes it (scripts/webpack/releaseManifest.js).`);
  const form = new FormData();
  form.append('manifest', fs.readFileSync(manifest, 'utf8'));
  // The build's files, and its server-side first-view renderer when it has one.
  const files = [...filesUnder(path.join(dir, 'dist')), ...filesUnder(path.join(dir, 'dist-server'), 'dist-server/')];
  for (const [name, file] of files) form.append(name, new Blob([fs.readFileSync(file)]), path.basename(name));
  const release = await call('POST', `/api/releases/${remote}`, form);
  console.log(`Registered ${remote} ${release.version} (${files.length} files). Make it live:`);
  console.log(`  npm run promote -w ${folder} -- ${release.version} --percent 10   # a canary`);
  console.log(`  npm run promote -w ${folder} -- ${release.version}                # everyone`);
  console.log(release.version);
} else if (command === 'promote') {
  const version = args.find((a) => !a.startsWith('--'));
  const at = args.indexOf('--percent');
  const percent = at >= 0 ? Number(args[at + 1]) : undefined;
  if (!version) fail(`Which version? npm run promote -w ${folder} -- <version> [--percent N]`);
  if (percent !== undefined && !(Number.isInteger(percent) && percent >= 1 && percent <= 100)) fail('--percent must be a whole number from 1 to 100');
  const release = await call('POST', `/api/releases/${remote}/promote`, { version, ...(percent !== undefined && { percent }) });
  console.log(release.status === 'canary' ? `${remote} ${version} is the canary for ${percent} % of visitors.` : `${remote} ${version} is live for everyone.`);
} else if (command === 'rollback') {
  const release = await call('POST', `/api/releases/${remote}/rollback`);
  console.log(`${remote} ${release.version} is live for everyone again.`);
} else {
  fail('Usage: npm run release|promote|rollback -w mfe-<name>');
}
