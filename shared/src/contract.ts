// The contract alone, for code that must not load the @shop/shared singleton itself: the shell's main.js,
// which runs before the singletons are negotiated (it takes the ids of the server's first view), and the
// catalog's first-view renderer, built for Node (no React, no DOM). Bundled into each, so keep to what is
// small (constants, pure functions); everything else reads the contract from '@shop/shared'.
export * from '@shop/contract';
