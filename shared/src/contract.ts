// The whole browser contract, bundled into the remote that imports it and tree-shaken there (never the
// singleton). Two uses: the values of the modules the @shop/shared singleton does not re-export
// (contract/src/browserCore.ts says which; scripts/check-imports.mjs refuses a name the singleton has),
// and code that must not load the singleton itself: the shell's main.js, which runs before the
// singletons are negotiated, and the catalog's first-view renderer, built for Node (no React, no DOM).
export * from '@shop/contract';
