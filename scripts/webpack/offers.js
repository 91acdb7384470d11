// Each remote's list of what it offers (<remote>/src/offers.ts, typed by RemoteOffers in the contract)
// read by the webpack configs: a remote's `exposes`, and the shell's route table (public/routes.json).
// The lists are TypeScript, type-checked with their remote; Node reads them through tsx.
const fs = require('node:fs');
const path = require('node:path');
const { require: tsxRequire } = require('tsx/cjs/api');

const root = path.resolve(__dirname, '../..');

/** The list of the remote in `dir` (its `offers` export). */
const offersOf = (dir) => tsxRequire(path.join(dir, 'src/offers.ts'), __filename).offers;

/** Webpack `exposes` from a list: pages, then fragments, each "./<module>" -> its file under src/. */
const exposesOf = (offers) =>
  Object.fromEntries([...offers.pages, ...(offers.fragments ?? [])].map(({ module, file }) => [`./${module}`, `./${path.posix.join('src', file)}`]));

/**
 * Writes the shell's route table (shellDir/public/routes.json, copied to dist beside index.html) from
 * the routed remotes' lists, when it differs. Run by the shell's webpack config, so every shell build
 * and dev server ships the table the lists say.
 */
function writeRouteTable(shellDir) {
  const { ROUTED_REMOTES, routeTableOf, routeTableJson } = tsxRequire(path.join(shellDir, 'src/routing/routeTableOf.ts'), __filename);
  const lists = Object.fromEntries(ROUTED_REMOTES.map((dir) => [dir, offersOf(path.join(root, dir))]));
  const text = routeTableJson(routeTableOf(lists));
  const file = path.join(shellDir, 'public/routes.json');
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text);
}

module.exports = { offersOf, exposesOf, writeRouteTable };
