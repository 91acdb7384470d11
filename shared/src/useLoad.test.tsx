import { act, renderHook, waitFor } from '@testing-library/react';
import { useLoad, type LoadOptions } from './useLoad';

/** A load whose answers the test gives by hand, one pending call per start. */
function controlled<T>() {
  const calls: Array<{ key: string; signal: AbortSignal; resolve: (value: T) => void; reject: (error: unknown) => void }> = [];
  const load = jest.fn(
    (key: string, signal: AbortSignal) =>
      new Promise<T>((resolve, reject) => {
        calls.push({ key, signal, resolve, reject });
      }),
  );
  return { load, calls };
}

function renderLoad<T>(key: string | null, load: (key: string, signal: AbortSignal) => Promise<T>, options?: LoadOptions<T>) {
  return renderHook(({ k, o }: { k: string | null; o?: LoadOptions<T> }) => useLoad(k, load, o), { initialProps: { k: key, o: options } as { k: string | null; o?: LoadOptions<T> } });
}

describe('useLoad', () => {
  it('is loading from the first render, then holds the answer', async () => {
    const onSuccess = jest.fn();
    const { load, calls } = controlled<string[]>();
    const { result } = renderLoad('/filter', load, { onSuccess });
    expect(result.current).toMatchObject({ status: 'loading', data: undefined });
    await act(async () => calls[0].resolve(['Gold']));
    expect(result.current).toMatchObject({ status: 'succeeded', data: ['Gold'], error: undefined });
    expect(onSuccess).toHaveBeenCalledWith(['Gold']);
    expect(load).toHaveBeenCalledTimes(1);
    expect(calls[0].key).toBe('/filter');
  });

  it('reports a failure with its error and no data', async () => {
    const onError = jest.fn();
    const { result } = renderLoad('/cart', () => Promise.reject(new Error('offline')), { onError });
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current.data).toBeUndefined();
    expect(result.current.error).toEqual(new Error('offline'));
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('counts a load that throws at once as a failure', async () => {
    const { result } = renderLoad('/x', () => {
      throw new Error('bad');
    });
    await waitFor(() => expect(result.current.status).toBe('failed'));
  });

  it('loads nothing without a key, and starts when one comes', async () => {
    const { load, calls } = controlled<number>();
    const { result, rerender } = renderLoad(null, load);
    expect(result.current.status).toBe('idle');
    expect(load).not.toHaveBeenCalled();
    rerender({ k: 'eur' });
    await waitFor(() => expect(result.current.status).toBe('loading'));
    await act(async () => calls[0].resolve(5));
    expect(result.current).toMatchObject({ status: 'succeeded', data: 5 });
    rerender({ k: null });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'idle', data: undefined }));
  });

  it('drops the answer of an older key, even when it comes last, and aborts its signal', async () => {
    const onSuccess = jest.fn();
    const { load, calls } = controlled<string>();
    const { result, rerender } = renderLoad('a', load, { onSuccess });
    rerender({ k: 'b', o: { onSuccess } });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(calls[0].signal.aborted).toBe(true);
    await act(async () => calls[1].resolve('answer for b'));
    await act(async () => calls[0].resolve('answer for a'));
    expect(result.current).toMatchObject({ status: 'succeeded', data: 'answer for b' });
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('drops a failure of an older key too', async () => {
    const onError = jest.fn();
    const { load, calls } = controlled<string>();
    const { result, rerender } = renderLoad('a', load, { onError });
    rerender({ k: 'b', o: { onError } });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await act(async () => calls[0].reject(new Error('late')));
    expect(result.current.status).toBe('loading');
    expect(onError).not.toHaveBeenCalled();
  });

  it('ignores an answer after unmount', async () => {
    const onSuccess = jest.fn();
    const { load, calls } = controlled<string>();
    const { unmount } = renderLoad('a', load, { onSuccess });
    unmount();
    expect(calls[0].signal.aborted).toBe(true);
    await act(async () => calls[0].resolve('late'));
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('reload() loads the same key again, starting empty unless keep', async () => {
    const { load, calls } = controlled<string>();
    const { result } = renderLoad('a', load);
    await act(async () => calls[0].resolve('first'));
    act(() => result.current.reload());
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(result.current).toMatchObject({ status: 'loading', data: undefined });
    await act(async () => calls[1].resolve('second'));
    expect(result.current).toMatchObject({ status: 'succeeded', data: 'second' });
    expect(calls.map((c) => c.key)).toEqual(['a', 'a']);
  });

  it('keeps the last answer while the next one loads with keep, and drops it on a failure', async () => {
    const { load, calls } = controlled<string>();
    const { result, rerender } = renderLoad('a', load, { keep: true });
    await act(async () => calls[0].resolve('first'));
    rerender({ k: 'b', o: { keep: true } });
    await waitFor(() => expect(result.current.status).toBe('loading'));
    expect(result.current.data).toBe('first');
    await act(async () => calls[1].reject(new Error('no')));
    expect(result.current).toMatchObject({ status: 'failed', data: undefined });
  });

  it('setData changes the answer in place, and renders a transition answer too', async () => {
    const { load, calls } = controlled<number[]>();
    const { result } = renderLoad('a', load, { transition: true });
    await act(async () => calls[0].resolve([1, 2]));
    expect(result.current.data).toEqual([1, 2]);
    act(() => result.current.setData((list) => list?.map((n) => n * 10)));
    expect(result.current).toMatchObject({ status: 'succeeded', data: [10, 20] });
  });

  it('uses the latest load and callbacks of the render that started it', async () => {
    const first = jest.fn(() => Promise.resolve('old'));
    const second = jest.fn(() => Promise.resolve('new'));
    const { result, rerender } = renderHook(({ k, load }) => useLoad(k, load), { initialProps: { k: 'a', load: first } });
    await waitFor(() => expect(result.current.data).toBe('old'));
    rerender({ k: 'b', load: second });
    await waitFor(() => expect(result.current.data).toBe('new'));
    expect(first).toHaveBeenCalledTimes(1);
  });
});
