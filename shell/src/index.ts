// The async boundary: shared singletons are negotiated before any app code runs.
import { afterFirstViewPainted, releasePreloads } from './federation/afterFirstViewPainted';

// With a first view, the photo paints first; then the held-back preloads start and the app with them.
afterFirstViewPainted().then(() => {
  releasePreloads();
  return import('./bootstrap');
});
