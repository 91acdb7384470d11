// The jotai pieces the apps use, re-exported from the shared package like the router (router.ts): jotai
// lives inside @shop/shared, the singleton every app gets from the shell, so there is one jotai and one
// store per page, and webpack keeps only what is used (shared whole, with its subpaths, it was 7 chunks).
// Apps import them from '@shop/shared', never from 'jotai' (facades.test.ts checks).
export { atom, useAtom, useAtomValue, useSetAtom } from 'jotai';
