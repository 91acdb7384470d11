// When the server sent a first view of the page (api/src/static/firstView.ts), the browser paints it
// and its photo before the app's scripts take the main thread for a second or two on a phone: the
// photo is what the visitor came to see. The scripts download meanwhile (they are preloaded); only
// their start waits, at most MAX_WAIT_MS.

export const MAX_WAIT_MS = 1500;

const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves once the first view's lead photo has loaded (or failed) and a frame has been painted; at once without a first view. */
export function afterFirstViewPainted(doc: Document = document): Promise<void> {
  if (!doc.getElementById('first-view')) return Promise.resolve();
  const photo = doc.querySelector<HTMLImageElement>('#first-view img');
  const loaded =
    !photo || photo.complete
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          photo.addEventListener('load', () => resolve(), { once: true });
          photo.addEventListener('error', () => resolve(), { once: true });
        });
  // A frame after the photo: requestAnimationFrame, then a task (the paint happens between them). A tab
  // in the background gets no frames, hence the timeouts.
  const painted = loaded.then(() => Promise.race([new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))), later(100)]));
  return Promise.race([painted, later(MAX_WAIT_MS)]);
}
