import { useState } from 'react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { BandsEditor } from './BandsEditor';
import { bandProblems, bandsBody, type BandDraft } from './bands';
import type { ShippingRateType } from '@shop/shared';

// Issue 39: one currency's bands of a shipping method: rising bounds, the last open, amounts of 0 or more.

const EUR = { code: 'EUR', symbol: '€' };

function Harness({ type, initial, onBands, showProblems = false }: { type: ShippingRateType; initial: BandDraft[]; onBands?: (bands: BandDraft[]) => void; showProblems?: boolean }) {
  const [bands, setBands] = useState(initial);
  return (
    <BandsEditor
      type={type}
      currency={EUR}
      bands={bands}
      showProblems={showProblems}
      onChange={(next) => {
        setBands(next);
        onBands?.(next);
      }}
    />
  );
}

describe('BandsEditor', () => {
  it('edits weight bands: adds one before the open band, types its bound and price, removes one', () => {
    let last: BandDraft[] = [];
    render(<Harness type="weight" initial={[{ upTo: '250', amount: '22' }, { upTo: '', amount: '45' }]} onBands={(b) => (last = b)} />);
    const table = screen.getByRole('table', { name: 'Bands in EUR by parcel weight' });
    expect(within(table).getByText('And above')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: '+ Add a band in EUR' }));
    fireEvent.change(screen.getByLabelText('Band 2 up to, grams'), { target: { value: '1000' } });
    fireEvent.change(screen.getByLabelText('Band 2 price in EUR'), { target: { value: '30' } });
    expect(last).toEqual([{ upTo: '250', amount: '22' }, { upTo: '1000', amount: '30' }, { upTo: '', amount: '45' }]);
    expect(bandsBody('weight', last)).toEqual([{ upTo: 250, amount: 22 }, { upTo: 1000, amount: 30 }, { upTo: null, amount: 45 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove band 1 in EUR' }));
    expect(last).toEqual([{ upTo: '1000', amount: '30' }, { upTo: '', amount: '45' }]);
    // The open band has no bound to type and cannot be removed.
    expect(screen.queryByRole('button', { name: 'Remove band 2 in EUR' })).not.toBeInTheDocument();
  });

  it('marks overlapping bounds, a missing amount and broken grams, each tied to its input', () => {
    render(<Harness type="weight" showProblems initial={[{ upTo: '500', amount: '10' }, { upTo: '400', amount: '' }, { upTo: '', amount: '20' }]} />);
    const bound = screen.getByLabelText('Band 2 up to, grams');
    expect(bound).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(bound.getAttribute('aria-describedby')!)).toHaveTextContent('Must be above the band before (500).');
    const price = screen.getByLabelText('Band 2 price in EUR');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(price.getAttribute('aria-describedby')!)).toHaveTextContent('Enter an amount of 0 or more.');
    expect(screen.getByLabelText('Band 1 up to, grams')).not.toHaveAttribute('aria-invalid');
    expect(bandProblems('weight', [{ upTo: '12.5', amount: '1' }, { upTo: '', amount: '2' }])).toEqual({ 0: { upTo: 'Whole grams only.' } });
  });

  it('prices by order value in the currency, and a flat rate is one open band', () => {
    const { unmount } = render(<Harness type="value" initial={[{ upTo: '100', amount: '8' }, { upTo: '', amount: '0' }]} />);
    expect(screen.getByRole('columnheader', { name: 'Order up to (€)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Band 1 up to, EUR')).toHaveValue(100);
    unmount();
    let last: BandDraft[] = [];
    render(<Harness type="flat" initial={[{ upTo: '', amount: '' }]} onBands={(b) => (last = b)} />);
    fireEvent.change(screen.getByLabelText('Flat price in EUR'), { target: { value: '9.9' } });
    expect(bandsBody('flat', last)).toEqual([{ upTo: null, amount: 9.9 }]);
    expect(screen.queryByRole('button', { name: /Add a band/ })).not.toBeInTheDocument();
  });
});
