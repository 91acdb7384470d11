import { act, render, renderHook, screen } from '@testing-library/react';
import { ToastArea } from '@shop/shared';
import { useSaving } from './useSaving';
import { fail, ok } from '../test/renderAdmin';

const toasts = { pending: 'Adding Currency...', success: 'Currency Added Successfully!', error: 'Failed to Add Currency.' };

describe('useSaving', () => {
  beforeEach(() => render(<ToastArea />));

  it('is busy while the write runs and answers its response, shown by the success toast', async () => {
    const { result } = renderHook(() => useSaving());
    let finish!: (value: { data: string; status: number }) => void;
    const request = new Promise<{ data: string; status: number }>((resolve) => (finish = resolve));
    let saved!: Promise<{ data: string; status: number } | null>;
    act(() => {
      saved = result.current[1](request, toasts);
    });
    expect(result.current[0]).toBe(true);
    await act(async () => finish({ data: 'eur', status: 201 }));
    await expect(saved).resolves.toEqual({ data: 'eur', status: 201 });
    expect(result.current[0]).toBe(false);
    expect(await screen.findByText('Currency Added Successfully!')).toBeInTheDocument();
  });

  it("answers null when the write fails, with the error toast and the server's reason (issue 19), and is no longer busy", async () => {
    const { result } = renderHook(() => useSaving());
    let saved: unknown;
    await act(async () => {
      saved = await result.current[1](fail(400, 'Currency already exists'), toasts);
    });
    expect(saved).toBeNull();
    expect(result.current[0]).toBe(false);
    expect(await screen.findByText('Failed to Add Currency. Currency already exists.')).toBeInTheDocument();
  });

  it('keeps one save function across renders', async () => {
    const { result, rerender } = renderHook(() => useSaving());
    const first = result.current[1];
    await act(async () => {
      await result.current[1](ok('x'), toasts);
    });
    rerender();
    expect(result.current[1]).toBe(first);
  });
});
