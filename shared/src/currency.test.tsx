import { act, render, screen } from '@testing-library/react';
import { currenciesRetryMs, useSelectedCurrency } from './currency';
import FetchMock from './test/fetchMock';

function Shown() {
  const currency = useSelectedCurrency();
  return <p>{currency ? currency.code : 'none'}</p>;
}

describe('currencies', () => {
  afterEach(() => jest.useRealTimers());

  it('asks again after a failed list, sooner first, and shows the currency once it comes', async () => {
    jest.useFakeTimers();
    const mock = new FetchMock();
    mock.reply('/api/currencies', 503, { message: 'The shop is busy, please try again' });
    render(<Shown />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByText('none')).toBeInTheDocument();
    const asked = (globalThis.fetch as jest.Mock).mock.calls.length;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(currenciesRetryMs(1));
    });
    expect((globalThis.fetch as jest.Mock).mock.calls.length).toBe(asked + 1);
    mock.reply('/api/currencies', 200, [{ _id: 'usd', name: 'US Dollar', code: 'USD', symbol: '$' }]);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(currenciesRetryMs(2));
    });
    expect(await screen.findByText('USD')).toBeInTheDocument();
  });

  it('waits 1, 2, 4 … seconds, at most 30', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(currenciesRetryMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });
});
