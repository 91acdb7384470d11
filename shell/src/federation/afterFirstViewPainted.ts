import { DEFERRED_PRELOADS_ID, FIRST_VIEW_ID } from '@shop/shared/src/contract';
import { nextTask } from './inSeparateTasks';

// When the server sent a first view of the page (api/src/web/firstView.ts), the browser paints it
// and its photo before the app's scripts take the main thread for a second or two on a phone: the
// photo is what the visitor came to see. The server holds the page's preloads back until then too
// (api/src/web/photoFirst.ts: the photo gets the connection to itself); main.js releases them and
// starts the app once the photo is painted, or after MAX_WAIT_MS.

export const MAX_WAIT_MS = 1500;

/** Resolves once the first view's lead photo has loaded (or failed) and a frame has been painted; at once without a first view. */
export function afterFirstViewPainted(doc: Document = document): Promise<void> {
  const view = doc.getElementById(FIRST_VIEW_ID);
  if (!view) return Promise.resolve();
  const photo = view.querySelector('img');
  // One promise, settled by whichever comes first (it lives in main.js, whose bytes every page pays).
  return new Promise<void>((resolve) => {
    // A frame after the photo: requestAnimationFrame, then a task (the paint happens between them). A
    // tab in the background gets no frames, hence the 100 ms.
    const afterFrame = () => {
      requestAnimationFrame(() => setTimeout(resolve, 0));
      setTimeout(resolve, 100);
    };
    if (!photo || photo.complete) afterFrame();
    else photo.onload = photo.onerror = afterFrame; // the server's <img> has no handlers of its own
    setTimeout(resolve, MAX_WAIT_MS);
  });
}

/**
 * Starts the preloads the server held back so the first view's photo had the connection to itself
 * (api/src/web/photoFirst.ts): they wait in an inert template until this moves them into head, one
 * link a task: inserting the fifteen of a page at once was one 20-60 ms task here (each starts a fetch).
 */
export async function releasePreloads(doc: Document = document, next: () => Promise<void> = nextTask): Promise<void> {
  const held = doc.getElementById(DEFERRED_PRELOADS_ID);
  if (!(held instanceof HTMLTemplateElement)) return;
  held.remove();
  const links = [...held.content.children];
  for (const [index, link] of links.entries()) {
    if (index > 0) await next();
    doc.head.append(link);
  }
}
