// The async boundary: shared singletons are negotiated before any app code runs.
import { afterFirstViewPainted, releasePreloads } from './federation/afterFirstViewPainted';
import { inSeparateTasks } from './federation/inSeparateTasks';

// With a first view, the photo paints first; then the held-back preloads start and the app with them.
// Each step is a task of its own (the modules are the same files, preloaded): the preloads (one link a
// task), React DOM, the shared package with the router, then the shell.
afterFirstViewPainted().then(() =>
  inSeparateTasks([() => releasePreloads(), () => import('react-dom/client'), () => import('@shop/shared'), () => import('./bootstrap')]),
);
