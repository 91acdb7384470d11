interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * A new task: the browser may paint and answer input before the next step. scheduler.yield (Chromium
 * 129+) resumes ahead of other queued work and without the 4 ms that nested timeouts are held to.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs the steps in order, each in a task of its own. Evaluating the start-up modules in one go (React
 * DOM, the shared package with the router, the shell) was one 50-90 ms task on this project's machines,
 * four times that on Lighthouse's phone, where every task over 50 ms blocks input.
 */
export async function inSeparateTasks(steps: Array<() => Promise<unknown>>, next: () => Promise<void> = nextTask): Promise<void> {
  for (const [index, step] of steps.entries()) {
    if (index > 0) await next();
    await step();
  }
}
