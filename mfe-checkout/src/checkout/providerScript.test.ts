import { loadProviderScript } from './providerScript';

type Win = Window & { Provider?: { ready: true } };
const pick = (win: Window) => (win as Win).Provider;
const tags = (src: string) => Array.from(document.head.querySelectorAll<HTMLScriptElement>('script')).filter((s) => s.src === src);

describe('loadProviderScript', () => {
  afterEach(() => {
    delete (window as Win).Provider;
    document.head.innerHTML = '';
  });

  it('adds one marked tag per address, however many ask, and resolves with what the script defined', async () => {
    const src = 'https://provider.test/a.js';
    const first = loadProviderScript(src, pick, 'A failed', { shopCard: 'stripe' });
    const second = loadProviderScript(src, pick, 'A failed', { shopCard: 'stripe' });
    expect(second).toBe(first);
    expect(tags(src)).toHaveLength(1);
    expect(tags(src)[0].dataset.shopCard).toBe('stripe');
    expect(tags(src)[0].async).toBe(true);
    (window as Win).Provider = { ready: true };
    tags(src)[0].dispatchEvent(new Event('load'));
    await expect(first).resolves.toEqual({ ready: true });
    expect(loadProviderScript(src, pick, 'A failed')).toBe(first);
  });

  it('a script that loads without defining its object fails with the given message', async () => {
    const src = 'https://provider.test/empty.js';
    const loaded = loadProviderScript(src, pick, 'Empty could not be loaded.');
    tags(src)[0].dispatchEvent(new Event('load'));
    await expect(loaded).rejects.toThrow('Empty could not be loaded.');
  });

  it('a failed load removes its tag and is forgotten: the next call tries again', async () => {
    const src = 'https://provider.test/flaky.js';
    const failed = loadProviderScript(src, pick, 'Flaky could not be loaded.');
    tags(src)[0].dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('Flaky could not be loaded.');
    expect(tags(src)).toHaveLength(0);

    const retry = loadProviderScript(src, pick, 'Flaky could not be loaded.');
    expect(retry).not.toBe(failed);
    expect(tags(src)).toHaveLength(1);
    (window as Win).Provider = { ready: true };
    tags(src)[0].dispatchEvent(new Event('load'));
    await expect(retry).resolves.toEqual({ ready: true });
  });

  it('two providers load side by side, each under its own address', () => {
    const a = loadProviderScript('https://provider.test/one.js', pick, 'x');
    const b = loadProviderScript('https://provider.test/two.js', pick, 'y');
    expect(a).not.toBe(b);
    expect(document.head.querySelectorAll('script')).toHaveLength(2);
    a.catch(() => undefined);
    b.catch(() => undefined);
  });
});
