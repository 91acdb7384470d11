import { loadRemote, registerRemotes } from '@shop/shared/src/remoteContainers';
import { setRemoteLoader } from '@shop/shared';
import { renderStandalone } from '@shop/shared/src/StandaloneHost';
import { routes } from './routes';

// Standalone mode: fragments of other remotes come from their dev servers (override with REMOTES in localStorage).
registerRemotes([
  { name: 'checkout', entry: 'http://localhost:3002/remoteEntry.js' },
  { name: 'account', entry: 'http://localhost:3003/remoteEntry.js' },
]);
setRemoteLoader((id) => loadRemote(id));
renderStandalone('mfe-checkout', routes);
