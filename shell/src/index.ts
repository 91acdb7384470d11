// The async boundary: shared singletons are negotiated before any app code runs.
import { afterFirstViewPainted } from './federation/afterFirstViewPainted';

afterFirstViewPainted().then(() => import('./bootstrap'));
