import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@shop/shared';
import { EUR, fail, renderAdmin, routeCalls, USD } from '../../test/renderAdmin';
import { OptionForm } from './OptionForm';

// Issue 38 (15): "+$10" in USD only made size 7 unavailable in EUR and GBP with no warning. The form
// says so before saving, and offers the same increase in every currency by rate.
const GBP = { _id: 'gbp', name: 'Pound', code: 'GBP', symbol: '£' };
const currencies = [USD, EUR, GBP];
afterEach(() => jest.restoreAllMocks());

async function typeOption(name: string, usd: string) {
  await userEvent.type(screen.getByLabelText('Option name'), name);
  await userEvent.type(screen.getByLabelText('Price increase in USD'), usd);
}

describe('OptionForm: a blank increase in a currency', () => {
  it('warns which currencies the choice will be unavailable in, and fills them by rate on request', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/rates/USD': { base: 'USD', rates: { EUR: 0.92, GBP: 0.79 }, stale: false } }));
    const onSubmit = jest.fn(() => Promise.resolve());
    renderAdmin(<OptionForm currencies={currencies} submitLabel="Add Option" onSubmit={onSubmit} />);
    // No increase anywhere: nothing to warn about (the choice costs the same everywhere).
    await userEvent.type(screen.getByLabelText('Option name'), '7');
    expect(screen.queryByTestId('option-price-warning')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Price increase in USD'), '10');
    const warning = screen.getByTestId('option-price-warning');
    expect(warning).toHaveTextContent('7 will be unavailable in EUR and GBP: it has no price increase there');
    const same = within(warning).getByRole('button', { name: 'Same increase in every currency by rate' });
    await waitFor(() => expect(same).toBeEnabled());
    await userEvent.click(same);
    expect(screen.getByLabelText('Price increase in EUR')).toHaveValue(9.2);
    expect(screen.getByLabelText('Price increase in GBP')).toHaveValue(7.9);
    expect(screen.queryByTestId('option-price-warning')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add Option' }));
    expect(onSubmit).toHaveBeenCalledWith({ name: '7', isActive: true, inStock: true, incRate: { usd: '10', eur: '9.20', gbp: '7.90' }, weight: '' });
  });

  it('names the one currency left blank; 0 typed there is a price (no warning)', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/rates/USD': { base: 'USD', rates: { EUR: 0.92, GBP: 0.79 }, stale: false } }));
    renderAdmin(<OptionForm currencies={currencies} submitLabel="Add Option" onSubmit={() => Promise.resolve()} />);
    await typeOption('Gold', '25');
    await userEvent.type(screen.getByLabelText('Price increase in EUR'), '0');
    expect(screen.getByTestId('option-price-warning')).toHaveTextContent('Gold will be unavailable in GBP: it has no price increase there, so shoppers paying in GBP cannot choose it.');
    await userEvent.type(screen.getByLabelText('Price increase in GBP'), '0');
    expect(screen.queryByTestId('option-price-warning')).not.toBeInTheDocument();
  });

  it('without exchange rates, says so and leaves the increases to type', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/rates/USD': () => fail(503, 'Currency rates for USD are not available right now.') }));
    renderAdmin(<OptionForm currencies={currencies} submitLabel="Add Option" onSubmit={() => Promise.resolve()} />);
    await typeOption('8', '10');
    const warning = screen.getByTestId('option-price-warning');
    expect(await within(warning).findByText('Exchange rates from USD are not available right now: type the increase in each currency instead.')).toBeInTheDocument();
    expect(within(warning).getByRole('button', { name: 'Same increase in every currency by rate' })).toBeDisabled();
  });
});
