import { inSeparateTasks, nextTask } from './inSeparateTasks';

describe('inSeparateTasks', () => {
  it('runs the steps in order with a new task between each, and none before the first', async () => {
    const ran: string[] = [];
    const tasks: Array<() => void> = [];
    const next = () => new Promise<void>((resolve) => tasks.push(resolve));
    const step = (name: string) => async () => {
      ran.push(name);
    };
    const done = inSeparateTasks([step('react-dom'), step('shared'), step('shell')], next);
    await Promise.resolve();
    expect(ran).toEqual(['react-dom']); // the first at once; the second waits for a new task
    await Promise.resolve();
    expect(ran).toEqual(['react-dom']);

    tasks.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ran).toEqual(['react-dom', 'shared']);

    tasks.shift()!();
    await done;
    expect(ran).toEqual(['react-dom', 'shared', 'shell']);
    expect(tasks).toHaveLength(0);
  });

  it("takes the next task from the browser's scheduler.yield where there is one", async () => {
    const yieldToBrowser = jest.fn(() => Promise.resolve());
    (globalThis as { scheduler?: unknown }).scheduler = { yield: yieldToBrowser };
    try {
      await nextTask();
      expect(yieldToBrowser).toHaveBeenCalledTimes(1);
    } finally {
      delete (globalThis as { scheduler?: unknown }).scheduler;
    }
  });

  it('takes the next task from a timer elsewhere', async () => {
    const order: string[] = [];
    const task = nextTask().then(() => order.push('next task'));
    await Promise.resolve().then(() => order.push('microtask'));
    await task;
    expect(order).toEqual(['microtask', 'next task']);
  });

  it('waits for a step to finish before the next, and stops at a step that fails', async () => {
    const ran: string[] = [];
    let finishFirst!: () => void;
    const first = new Promise<void>((resolve) => (finishFirst = resolve));
    const done = inSeparateTasks(
      [
        () => first.then(() => ran.push('first')),
        () => Promise.reject(new Error('chunk failed')),
        async () => ran.push('never'),
      ],
      async () => undefined,
    );
    await Promise.resolve();
    expect(ran).toEqual([]);
    finishFirst();
    await expect(done).rejects.toThrow('chunk failed');
    expect(ran).toEqual(['first']);
  });
});
