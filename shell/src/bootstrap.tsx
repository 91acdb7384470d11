import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { loadCatalogues, localeOfPath, setRemoteErrorReporter, setRemoteLoader } from '@shop/shared';
import '@shop/shared/src/styles/tokens.css';
import { App } from './App';
import { reportRemoteError } from './federation/releaseHealth';
import { loadShopRemote, registerShopRemotes } from './federation/remotes';

async function start() {
  // The page's texts (the shell's and the shared parts') are fetched beside the remotes' manifest.
  const texts = loadCatalogues([localeOfPath(window.location.pathname)]).catch(() => undefined);
  try {
    await registerShopRemotes();
  } catch (error) {
    // Without the manifest every remote area shows its fallback; header and footer still work.
    console.error('[shell] remotes manifest unavailable', error);
  }
  setRemoteLoader(loadShopRemote);
  setRemoteErrorReporter(reportRemoteError);
  await texts;
  // A transition: React renders the app in slices of a few milliseconds and commits it whole, so a
  // phone's main thread stays free for input meanwhile (what the first view already shows stays put).
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(<App />));
}

start();
