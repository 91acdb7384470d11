// mf-manifest.json beside each build's remoteEntry.js: for each exposed module and each shared module
// the app provides, the files that load with it. The API reads it for a page's preloads of its remote
// module (api/src/web/preloadHints.ts), the bundle bench to name the shared singletons' files. Same
// shape as the manifest @module-federation/enhanced wrote (only the fields read here).

/** JS and CSS files of a chunk group's own chunks (sync) and of the groups it loads later (async). */
function filesOf(chunkGroup) {
  const sync = { js: new Set(), css: new Set() };
  const async = { js: new Set(), css: new Set() };
  const add = (to, chunk) => {
    for (const file of chunk.files) {
      if (file.endsWith('.js')) to.js.add(file);
      else if (file.endsWith('.css')) to.css.add(file);
    }
  };
  for (const chunk of chunkGroup?.chunks ?? []) add(sync, chunk);
  const seen = new Set([chunkGroup]);
  const visit = (group) => {
    for (const child of group?.childrenIterable ?? []) {
      if (seen.has(child)) continue;
      seen.add(child);
      for (const chunk of child.chunks) add(async, chunk);
      visit(child);
    }
  };
  visit(chunkGroup);
  for (const kind of ['js', 'css']) for (const file of sync[kind]) async[kind].delete(file);
  return {
    js: { sync: [...sync.js], async: [...async.js] },
    css: { sync: [...sync.css], async: [...async.css] },
  };
}

class FederationManifestPlugin {
  /** @param {{ name: string }} o the federation name */
  constructor({ name }) {
    this.name = name;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FederationManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'FederationManifestPlugin', stage: compilation.constructor.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const { chunkGraph } = compilation;
        const shared = [];
        const exposes = [];
        for (const module of compilation.modules) {
          const kind = module.constructor.name;
          if (kind === 'ProvideSharedModule') {
            // A shared package's own files: the chunks of its group that hold its module (what else the
            // group loads, e.g. the router inside @shop/shared, counts as the app's, as it did before).
            const block = module.blocks[0];
            const provided = block && compilation.moduleGraph.getModule(block.dependencies[0]);
            const chunks = provided ? [...chunkGraph.getModuleChunksIterable(provided)] : [];
            const assets = filesOf({ chunks });
            shared.push({ id: `${this.name}:${module._name}`, name: module._name, version: module._version, assets });
          } else if (kind === 'ContainerEntryModule') {
            for (const block of module.blocks) {
              const path = block.dependencies[0].exposedName;
              const name = path.replace(/^\.\//, '');
              exposes.push({ id: `${this.name}:${name}`, name, path, assets: filesOf(chunkGraph.getBlockChunkGroup(block)) });
            }
          }
        }
        shared.sort((a, b) => a.name.localeCompare(b.name));
        const manifest = {
          id: this.name,
          name: this.name,
          metaData: { name: this.name, remoteEntry: { name: 'remoteEntry.js', path: '', type: 'var' }, globalName: this.name, publicPath: 'auto' },
          shared,
          remotes: [],
          exposes,
        };
        compilation.emitAsset('mf-manifest.json', new compiler.webpack.sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
      });
    });
  }
}

module.exports = { FederationManifestPlugin };
