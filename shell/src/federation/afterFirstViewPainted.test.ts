import { afterFirstViewPainted, MAX_WAIT_MS, releasePreloads } from './afterFirstViewPainted';

// A page of its own, as the server sent it; jsdom never loads the photo, so each test fires the
// image's events itself. Fake timers drive requestAnimationFrame and the timeouts.

function pageWith(html: string): Document {
  const doc = document.implementation.createHTMLDocument('shop');
  doc.body.innerHTML = html;
  return doc;
}

const withPhoto = () => pageWith('<div id="root"><header>Shop</header><div id="first-view"><h2>Gold</h2><img src="/uploads/hero.jpg?w=480" alt=""><img src="/uploads/second.jpg" alt=""></div></div>');

/** The promise, with whether it has resolved yet. */
function watch(promise: Promise<void>) {
  const state = { resolved: false };
  promise.then(() => {
    state.resolved = true;
  });
  return state;
}

/** Runs the pending promise callbacks, moving no clock: what settles now settles without waiting. */
async function settle() {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('afterFirstViewPainted', () => {
  it('resolves at once without a first view, so the app starts without waiting', async () => {
    const state = watch(afterFirstViewPainted(pageWith('<div id="root"><header>Shop</header></div>')));
    await settle();
    expect(state.resolved).toBe(true);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('waits for the first view photo to load, then for a frame to be painted', async () => {
    // The browser's frames, run when the test says.
    const frames: FrameRequestCallback[] = [];
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((frame) => frames.push(frame));
    const doc = withPhoto();
    const photo = doc.querySelector('img')!;
    expect(photo.complete).toBe(false);
    const state = watch(afterFirstViewPainted(doc));
    await jest.advanceTimersByTimeAsync(1000);
    expect(state.resolved).toBe(false);
    expect(frames).toHaveLength(0);
    photo.dispatchEvent(new Event('load'));
    await jest.advanceTimersByTimeAsync(50);
    // Loaded is not yet painted: the start waits for the next frame.
    expect(state.resolved).toBe(false);
    expect(frames).toHaveLength(1);
    frames[0](performance.now());
    // The paint comes after the frame's callbacks; the task after it sees it done.
    await settle();
    expect(state.resolved).toBe(false);
    await jest.advanceTimersByTimeAsync(0);
    // Well before MAX_WAIT_MS: the load and the frame ended the wait, not the time limit.
    expect(state.resolved).toBe(true);
  });

  it('waits only for the lead photo (the first in the view)', async () => {
    const doc = withPhoto();
    const state = watch(afterFirstViewPainted(doc));
    doc.querySelectorAll('img')[1].dispatchEvent(new Event('load'));
    await jest.advanceTimersByTimeAsync(200);
    expect(state.resolved).toBe(false);
    doc.querySelector('img')!.dispatchEvent(new Event('load'));
    await jest.advanceTimersByTimeAsync(20);
    expect(state.resolved).toBe(true);
  });

  it('stops waiting when the photo fails to load', async () => {
    const doc = withPhoto();
    const state = watch(afterFirstViewPainted(doc));
    await jest.advanceTimersByTimeAsync(500);
    expect(state.resolved).toBe(false);
    doc.querySelector('img')!.dispatchEvent(new Event('error'));
    await jest.advanceTimersByTimeAsync(20);
    expect(state.resolved).toBe(true);
  });

  it('starts the app after MAX_WAIT_MS at the latest when the photo never loads', async () => {
    const state = watch(afterFirstViewPainted(withPhoto()));
    await jest.advanceTimersByTimeAsync(MAX_WAIT_MS - 1);
    expect(state.resolved).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(state.resolved).toBe(true);
  });

  it('does not wait for a frame that never comes (a tab in the background) once the photo is there', async () => {
    // A background tab runs no animation frames: requestAnimationFrame callbacks never fire.
    const raf = jest.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    const doc = withPhoto();
    const state = watch(afterFirstViewPainted(doc));
    doc.querySelector('img')!.dispatchEvent(new Event('load'));
    await jest.advanceTimersByTimeAsync(99);
    expect(state.resolved).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(state.resolved).toBe(true);
    expect(raf).toHaveBeenCalled();
  });

  it('waits only for a frame when the photo is already loaded, or the view has none', async () => {
    for (const html of ['<div id="first-view"><img alt=""></div>', '<div id="first-view"><h1>Ring</h1></div>']) {
      const doc = pageWith(html);
      const state = watch(afterFirstViewPainted(doc));
      await settle();
      expect(state.resolved).toBe(false);
      await jest.advanceTimersByTimeAsync(20);
      expect(state.resolved).toBe(true);
    }
  });

  it('looks in the document it is given, not the global one', async () => {
    // The global document has a first view with a photo that never loads; the given one has none.
    document.body.innerHTML = '<div id="first-view"><img src="/uploads/x.jpg" alt=""></div>';
    try {
      const state = watch(afterFirstViewPainted(pageWith('<div id="root"></div>')));
      await settle();
      expect(state.resolved).toBe(true);
    } finally {
      document.body.innerHTML = '';
    }
  });
});

describe('releasePreloads', () => {
  it('moves the preloads the server held back into head, where they start, one a task, once', async () => {
    const doc = document.implementation.createHTMLDocument('shop');
    doc.head.innerHTML =
      '<template id="after-first-view"><link rel="preload" href="/470.js" as="script"><link rel="preload" href="/remotes.json" as="fetch" crossorigin="anonymous"></template>';
    // Inert while held: a template's links are not the document's.
    expect(doc.querySelectorAll('link[rel=preload]')).toHaveLength(0);
    const tasks: Array<() => void> = [];
    const released = releasePreloads(doc, () => new Promise<void>((resolve) => tasks.push(resolve)));
    const hrefs = () => [...doc.head.querySelectorAll('link[rel=preload]')].map((l) => l.getAttribute('href'));
    expect(hrefs()).toEqual(['/470.js']); // the first at once, the next in a task of its own
    expect(tasks).toHaveLength(1);
    tasks.shift()!();
    await released;
    const links = [...doc.head.querySelectorAll('link[rel=preload]')].map((l) => [l.getAttribute('href'), l.getAttribute('as'), l.getAttribute('crossorigin')]);
    expect(links).toEqual([
      ['/470.js', 'script', null],
      ['/remotes.json', 'fetch', 'anonymous'],
    ]);
    expect(doc.getElementById('after-first-view')).toBeNull();
    await releasePreloads(doc);
    expect(doc.head.querySelectorAll('link[rel=preload]')).toHaveLength(2);
  });

  it('does nothing on a page without held-back preloads', async () => {
    const doc = document.implementation.createHTMLDocument('shop');
    doc.head.innerHTML = '<link rel="preload" href="/main-chunk.js" as="script">';
    await releasePreloads(doc);
    expect(doc.head.innerHTML).toBe('<link rel="preload" href="/main-chunk.js" as="script">');
  });
});
