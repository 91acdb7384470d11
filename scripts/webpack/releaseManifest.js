// release.json beside each build's remoteEntry.js (issue 36): what the API's gate checks before a
// release is registered or promoted, and what /remotes.json's route table is made from. For a remote:
// its version (package version + a hash of its files), exposed modules, pages and fragments (from
// src/offers.ts), the shared singletons' versions it was built against, the contract version and the
// integrity of remoteEntry.js. The shell's build writes one too (its singletons: what a release must match).
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { require: tsxRequire } = require('tsx/cjs/api');
const { offersOf } = require('./offers');

const root = path.resolve(__dirname, '../..');
/** Where each singleton's version is read: the package an app resolves (the router and jotai come inside @shop/shared). */
const VERSION_FROM = { react: 'shared', 'react-dom': 'shared', 'react-router-dom': 'shared', jotai: 'shared', '@shop/shared': 'shared', '@shop/contract': 'contract' };

function sharedVersions() {
  const { SHARED_SINGLETONS } = tsxRequire(path.join(root, 'contract/src/releases.ts'), __filename);
  const versionOf = (name) => {
    if (name === '@shop/shared' || name === '@shop/contract') return require(path.join(root, VERSION_FROM[name], 'package.json')).version;
    return require(require.resolve(`${name}/package.json`, { paths: [path.join(root, VERSION_FROM[name])] })).version;
  };
  return Object.fromEntries(SHARED_SINGLETONS.map((name) => [name, versionOf(name)]));
}

class ReleaseManifestPlugin {
  /** @param {{ dir: string, name: string }} o the app's folder and federation name */
  constructor({ dir, name }) {
    this.dir = dir;
    this.name = name;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ReleaseManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ReleaseManifestPlugin', stage: compilation.constructor.PROCESS_ASSETS_STAGE_REPORT + 1 }, (assets) => {
        const { CONTRACT_VERSION } = tsxRequire(path.join(root, 'contract/src/releases.ts'), __filename);
        const bytesOf = (file) => Buffer.from(assets[file].source());
        const entry = assets['remoteEntry.js'] ? bytesOf('remoteEntry.js') : null;
        const hash = crypto.createHash('sha256');
        for (const file of Object.keys(assets).sort()) hash.update(file).update('\0').update(bytesOf(file));
        const offersFile = path.join(this.dir, 'src/offers.ts');
        const offers = fs.existsSync(offersFile) ? offersOf(this.dir) : { pages: [], fragments: [] };
        const { version } = require(path.join(this.dir, 'package.json'));
        const manifest = {
          remote: this.name,
          version: `${version}+${hash.digest('hex').slice(0, 10)}`,
          exposes: [...offers.pages, ...(offers.fragments ?? [])].map((o) => o.module),
          pages: offers.pages.map(({ file: _file, ...page }) => page),
          fragments: (offers.fragments ?? []).map((f) => f.module),
          shared: sharedVersions(),
          contract: CONTRACT_VERSION,
          integrity: entry ? `sha384-${crypto.createHash('sha384').update(entry).digest('base64')}` : '',
        };
        compilation.emitAsset('release.json', new compiler.webpack.sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
      });
    });
  }
}

module.exports = { ReleaseManifestPlugin };
