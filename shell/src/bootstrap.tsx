import { createRoot } from 'react-dom/client';
import { setRemoteLoader } from '@shop/shared';
import '@shop/shared/src/styles/tokens.css';
import { App } from './App';
import { loadShopRemote, registerShopRemotes } from './federation/remotes';

async function start() {
  try {
    await registerShopRemotes();
  } catch (error) {
    // Without the manifest every remote area shows its fallback; header and footer still work.
    console.error('[shell] remotes manifest unavailable', error);
  }
  setRemoteLoader(loadShopRemote);
  createRoot(document.getElementById('root')!).render(<App />);
}

start();
