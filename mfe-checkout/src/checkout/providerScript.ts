/**
 * Loads a payment provider's browser script (Stripe.js, the wallet's SDK) once per address, only when a
 * screen asks for it: no page's first load carries one. `pick` reads what the script defined (undefined
 * when it is missing); a failed load removes its tag and is forgotten, so the next call tries again.
 * `mark` names the tag (a data-* attribute) for the tests and the page's own styles.
 */
const loading = new Map<string, Promise<unknown>>();

export function loadProviderScript<T>(src: string, pick: (win: Window) => T | undefined, failMessage: string, mark: Record<string, string> = {}): Promise<T> {
  const known = loading.get(src) as Promise<T> | undefined;
  if (known) return known;
  const promise = new Promise<T>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    Object.assign(script.dataset, mark);
    script.onload = () => {
      const found = pick(window);
      if (found === undefined) reject(new Error(failMessage));
      else resolve(found);
    };
    script.onerror = () => {
      script.remove();
      reject(new Error(failMessage));
    };
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  promise.catch(() => {
    if (loading.get(src) === promise) loading.delete(src);
  });
  return promise;
}
