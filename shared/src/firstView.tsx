import { FIRST_VIEW_ID } from '@shop/contract';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';

// The server's first view of the page (api/src/web/firstView.ts): the top of the page as HTML,
// painted before any script. React's first render empties #root, so the shell moves the view into its
// <main> in that same commit (FirstViewHost) and keeps the page's own render hidden under it until the
// page says its content is there (usePageReady); then both change in one commit, with no blank frame.

/** The view, taken before React's first commit removes it from #root. */
let view: HTMLElement | null = typeof document === 'undefined' ? null : document.getElementById(FIRST_VIEW_ID);
let shown = view !== null;
const listeners = new Set<() => void>();

/** Ends the first view (idempotent): the page has rendered, failed, or the visitor moved on. */
export function endFirstView(): void {
  if (!shown) return;
  shown = false;
  view = null;
  for (const notify of listeners) notify();
}

const subscribe = (notify: () => void) => {
  listeners.add(notify);
  return () => listeners.delete(notify);
};

/** True while the server's first view stands in for the page. */
export const useFirstViewShown = () => useSyncExternalStore(subscribe, () => shown, () => false);

/** A page calls this with true once its first content (or its error) is on screen. */
export function usePageReady(ready: boolean): void {
  useEffect(() => {
    if (ready) endFirstView();
  }, [ready]);
}

/** Holds the first view inside the shell's layout; render it only while useFirstViewShown() is true. */
export function FirstViewHost() {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (view && host.current) host.current.appendChild(view);
  }, []);
  return <div ref={host} />;
}

/** Test seam (not in the package's index): a first view as the server would send it. */
export function takeFirstViewForTest(node: HTMLElement | null): void {
  view = node;
  shown = node !== null;
}
