import { act, render, screen } from '@testing-library/react';
import { notify, notifyPromise, ToastArea } from './toast';

describe('toasts', () => {
  it('renders nothing until the first toast, then shows it', async () => {
    const { container } = render(<ToastArea />);
    expect(container).toBeEmptyDOMElement();
    act(() => notify.success('Item added to Cart!'));
    expect(await screen.findByText('Item added to Cart!')).toBeInTheDocument();
    expect(container.querySelector('.Toastify')).not.toBeNull();
  });

  it('shows the pending then the success message around a call, and answers as the call does', async () => {
    render(<ToastArea />);
    let finish!: (value: number) => void;
    const call = new Promise<number>((resolve) => (finish = resolve));
    let answer: Promise<number>;
    act(() => {
      answer = notifyPromise(call, { pending: 'Saving…', success: 'Saved!', error: 'Could not save' });
    });
    expect(await screen.findByText('Saving…')).toBeInTheDocument();
    await act(async () => finish(42));
    await expect(answer!).resolves.toBe(42);
    expect(await screen.findByText('Saved!')).toBeInTheDocument();
  });

  it('shows the error message when the call fails, which still rejects', async () => {
    render(<ToastArea />);
    let answer: Promise<unknown>;
    await act(async () => {
      answer = notifyPromise(Promise.reject(new Error('boom')), { pending: 'Deleting…', success: 'Deleted!', error: 'Could not delete' });
      await answer.catch(() => undefined);
    });
    await expect(answer!).rejects.toThrow('boom');
    expect(await screen.findByText('Could not delete')).toBeInTheDocument();
  });

  it('makes the error message from the failure when asked (the server says why it refused)', async () => {
    render(<ToastArea />);
    await act(async () => {
      await notifyPromise(Promise.reject(new Error('"Gold Ring" is not available in EUR')), { pending: 'Adding…', success: 'Added!', error: (e) => (e as Error).message }).catch(() => undefined);
    });
    expect(await screen.findByText('"Gold Ring" is not available in EUR')).toBeInTheDocument();
  });
});
