import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks these browser APIs that the shop's code (and react-router) use.
Object.assign(globalThis, { TextEncoder, TextDecoder });
window.scrollTo = (() => {}) as typeof window.scrollTo;
if (!window.matchMedia) {
  window.matchMedia = ((query: string) => ({
    matches: false, media: query, onchange: null,
    addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

// findBy*/waitFor wait up to 1 s by default: in CI the browser journeys and the PostgreSQL suite run
// beside these on 2 cores, and a first render (with its lazy chunks) has taken longer than that.
// 5 s was still short once (ShopPage.test's first findBy* in stop 47's CI, a 66-min run on a slow host):
// a wait here says what must appear, never how fast; a hang still fails.
configure({ asyncUtilTimeout: 15_000 });
// A test must outlast its own waits: at jest's default of 5 s, a first findBy* on a loaded host ended
// the test before the wait could (ShopPage.test in a run beside busy suites).
jest.setTimeout(40_000);

// The apps' message catalogues load lazily (shared/src/i18n.tsx); a test renders with them in hand, as a
// page does once its locale's chunk has come, so a first render's text is there at once.
import { loadCatalogues } from '../../shared/src/i18n';
beforeAll(() => loadCatalogues());
