/**
 * promise's value, or undefined once ms have passed without one (the promise is left to finish on
 * its own): a probe (readiness, a scrape) answers in time whatever the database does.
 */
export async function withinMs<T>(ms: number, promise: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
