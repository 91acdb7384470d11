// Preload hints in the shell's index.html for the files its start-up loads once main.js runs: the
// bootstrap chunk and the shared singletons it consumes (react-dom, @shop/shared with the router...).
// Without them these wait for main.js; with them they download alongside it.
const HtmlWebpackPlugin = require('html-webpack-plugin');

/** The shared module this build provides for each share key (what a consume resolves to at run time). */
function providers(compilation) {
  const byKey = new Map();
  for (const module of compilation.modules) {
    if (module.constructor.name === 'ProvideSharedModule' && module._name) byKey.set(module._name, module);
  }
  return byKey;
}

/** Files of the chunk groups reached from main's first dynamic import and, recursively, the providers of what they consume. */
function startupFiles(compilation) {
  const { chunkGraph } = compilation;
  const provided = providers(compilation);
  const files = new Set();
  const seenGroups = new Set();
  const visitGroup = (group) => {
    if (!group || seenGroups.has(group)) return;
    seenGroups.add(group);
    for (const chunk of group.chunks) {
      for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
      for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
        if (module.constructor.name !== 'ConsumeSharedModule') continue;
        const provider = provided.get(module.options.shareKey);
        for (const block of provider?.blocks ?? []) visitGroup(chunkGraph.getBlockChunkGroup(block));
      }
    }
  };
  for (const chunk of compilation.entrypoints.get('main').chunks) {
    for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
      // The providers' chunks load only when consumed, which visitGroup follows.
      if (module.constructor.name === 'ProvideSharedModule') continue;
      for (const block of module.blocks ?? []) visitGroup(chunkGraph.getBlockChunkGroup(block));
    }
  }
  return [...files].sort();
}

class StartupPreloadPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('StartupPreloadPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StartupPreloadPlugin', (data) => {
        const base = data.publicPath || '/';
        const links = startupFiles(compilation).map((file) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', href: base + file, as: file.endsWith('.css') ? 'style' : 'script' }),
        );
        data.headTags.push(...links);
        return data;
      });
    });
  }
}

module.exports = { StartupPreloadPlugin, startupFiles };
