// The shell's build adds preload links for its start-up files (scripts/webpack/startupPreload.js).
const { startupFiles } = require('../../../scripts/webpack/startupPreload.js') as { startupFiles: (c: unknown) => string[] };

// Stand-ins with the class names the plugin recognises.
class ProvideSharedModule {
  blocks: object[];
  constructor(public _name: string, block: object) {
    this.blocks = [block];
  }
}
class ConsumeSharedModule {
  blocks: object[] = [];
  constructor(public options: { shareKey: string }) {}
}
class NormalModule {
  constructor(public blocks: object[] = []) {}
}

interface Chunk {
  files: Set<string>;
  modules: object[];
}
const chunk = (files: string[], modules: object[] = []): Chunk => ({ files: new Set(files), modules });

function compilation() {
  const blocks = { bootstrap: {}, reactDom: {}, shared: {}, toasts: {}, jotai: {} };
  const reactDomConsume = new ConsumeSharedModule({ shareKey: 'react-dom' });
  const sharedConsume = new ConsumeSharedModule({ shareKey: '@shop/shared' });
  const groups = new Map<object, { chunks: Chunk[] }>([
    // import('./bootstrap'): its chunk consumes react-dom and @shop/shared
    [blocks.bootstrap, { chunks: [chunk(['950.js', '950.css'], [reactDomConsume, sharedConsume])] }],
    [blocks.reactDom, { chunks: [chunk(['325.js'])] }],
    // @shop/shared with the router split off, and its lazy toasts chunk (not at start-up)
    [blocks.shared, { chunks: [chunk(['302.js', '262.js'], [new NormalModule([blocks.toasts])])] }],
    [blocks.toasts, { chunks: [chunk(['toasts.js'])] }],
    // a provided module nothing consumes at start-up
    [blocks.jotai, { chunks: [chunk(['196.js'])] }],
  ]);
  const providers = [new ProvideSharedModule('react-dom', blocks.reactDom), new ProvideSharedModule('@shop/shared', blocks.shared), new ProvideSharedModule('jotai', blocks.jotai)];
  const main = chunk(['main.js'], [new NormalModule([blocks.bootstrap]), ...providers]);
  return {
    modules: new Set([...providers, reactDomConsume, sharedConsume]),
    entrypoints: new Map([['main', { chunks: [main] }]]),
    chunkGraph: {
      getChunkModulesIterable: (c: Chunk) => c.modules,
      getBlockChunkGroup: (block: object) => groups.get(block),
    },
  };
}

describe('start-up preloads of the shell page', () => {
  it('are the bootstrap chunk and the provided chunks of what it consumes, not lazy chunks or unconsumed providers', () => {
    expect(startupFiles(compilation())).toEqual(['262.js', '302.js', '325.js', '950.css', '950.js']);
  });
});
