import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@shop/shared';
import CurrenciesPage from './CurrenciesPage';
import { EUR, fail, ok, renderAdmin, routeCalls, USD } from '../test/renderAdmin';

afterEach(() => jest.restoreAllMocks());

describe('CurrenciesPage', () => {
  it('shows the empty message, and the error toast when the list fails', async () => {
    jest.spyOn(api, 'get').mockImplementationOnce(() => ok([]));
    renderAdmin(<CurrenciesPage />);
    expect(await screen.findByText('No Currencies available yet.')).toBeInTheDocument();
    jest.restoreAllMocks();
    jest.spyOn(api, 'get').mockImplementation(() => fail());
    renderAdmin(<CurrenciesPage />);
    expect(await screen.findByText('Failed to fetch currencies')).toBeInTheDocument();
  });

  it('enables Add only when name, code and symbol are filled; adding refetches and closes the modal', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(() => ok([USD]));
    const post = jest.spyOn(api, 'post').mockImplementation(() => ok(EUR, 201));
    renderAdmin(<CurrenciesPage />);
    await screen.findByText('US Dollar');
    await userEvent.click(screen.getByRole('button', { name: 'Add Currency' }));
    const dialog = screen.getByRole('dialog', { name: 'New Currency' });
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Euro');
    await userEvent.type(within(dialog).getByLabelText('Code'), 'eur');
    expect(add).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Symbol'), '€');
    expect(add).toBeEnabled();
    const callsBefore = get.mock.calls.filter(([url]) => url === '/currencies').length;
    get.mockImplementation(() => ok([USD, EUR]));
    await userEvent.click(add);
    expect(post).toHaveBeenCalledWith('/currencies', { name: 'Euro', code: 'EUR', symbol: '€' });
    expect(await screen.findByText('Currency Added Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Currency' })).not.toBeInTheDocument());
    expect(get.mock.calls.filter(([url]) => url === '/currencies').length).toBeGreaterThan(callsBefore);
    expect(await screen.findByRole('cell', { name: 'Euro' })).toBeInTheDocument();
    // Issue 19: then it offers to fill the new currency's prices from another's.
    const fill = await screen.findByRole('dialog', { name: 'Fill prices in EUR' });
    await userEvent.click(within(fill).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('disables Update while nothing changed; updating replaces the row', async () => {
    jest.spyOn(api, 'get').mockImplementation(() => ok([USD]));
    const put = jest.spyOn(api, 'put').mockImplementation(() => ok({ ...USD, name: 'Dollar' }));
    renderAdmin(<CurrenciesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit US Dollar' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Currency' });
    const update = within(dialog).getByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();
    const name = within(dialog).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Dollar');
    expect(update).toBeEnabled();
    await userEvent.click(update);
    expect(put).toHaveBeenCalledWith('/currencies/usd', { name: 'Dollar', code: 'USD', symbol: '$' });
    expect(await screen.findByText('Currency Details Updated Successfully!')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Dollar' })).toBeInTheDocument();
  });

  it('deletes after confirmation and refetches; a failure shows the error toast', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(() => ok([USD, EUR]));
    const del = jest.spyOn(api, 'delete').mockImplementationOnce(() => ok({ message: 'ok' })).mockImplementationOnce(() => fail());
    renderAdmin(<CurrenciesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Euro' }));
    get.mockImplementation(() => ok([USD]));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete currency' })).getByRole('button', { name: 'Delete' }));
    expect(del).toHaveBeenCalledWith('/currencies/eur');
    expect(await screen.findByText('Currency Deleted Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Euro')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Delete US Dollar' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete currency' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to Delete Currency.')).toBeInTheDocument();
  });

  it("a refused add tells the server's reason after SPEC's text (issue 19); closing with typed input asks first", async () => {
    jest.spyOn(api, 'get').mockImplementation(() => ok([USD]));
    jest.spyOn(api, 'post').mockImplementation(() => fail(409, 'A currency with code CHF already exists'));
    renderAdmin(<CurrenciesPage />);
    await screen.findByText('US Dollar');
    const opener = screen.getByRole('button', { name: 'Add Currency' });
    await userEvent.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'New Currency' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Swiss Franc');
    await userEvent.type(within(dialog).getByLabelText('Code'), 'chf');
    await userEvent.type(within(dialog).getByLabelText('Symbol'), 'Fr');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Failed to Add Currency. A currency with code CHF already exists.')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Swiss Franc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard changes' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('deleting a currency says how many prices it removes (issue 19)', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/currencies': [USD, EUR], '/currencies/eur/usage': { prices: 12, optionIncreases: 1 } }));
    const del = jest.spyOn(api, 'delete').mockImplementation(() => ok({ message: 'ok' }));
    renderAdmin(<CurrenciesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Euro' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete currency' });
    expect(confirm).toHaveTextContent('Delete Euro (EUR)? This removes its 12 product prices and 1 option increase.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(del).not.toHaveBeenCalled();
  });

  it("fills a currency's prices by the exchange rate or a fixed factor (issue 19)", async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/currencies': [USD, EUR], '/rates/USD': { base: 'USD', rates: { EUR: 0.9 } } }));
    const post = jest.spyOn(api, 'post').mockImplementation(() => ok({ currency: EUR, from: 'USD', factor: 0.9, prices: 3, optionIncreases: 2 }));
    renderAdmin(<CurrenciesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Fill prices in Euro' }));
    let dialog = screen.getByRole('dialog', { name: 'Fill prices in EUR' });
    expect(within(dialog).getByLabelText('From')).toHaveValue('USD');
    expect(await within(dialog).findByText(/1 USD = 0.9 EUR/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fill prices' }));
    expect(post).toHaveBeenCalledWith('/currencies/eur/fill-prices', { from: 'USD', useRate: true });
    expect(await screen.findByText('Prices Filled Successfully!')).toBeInTheDocument();
    expect(await screen.findByText('EUR: 3 prices and 2 option increases filled.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Fill prices in Euro' }));
    dialog = screen.getByRole('dialog', { name: 'Fill prices in EUR' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'A fixed factor' }));
    const fill = within(dialog).getByRole('button', { name: 'Fill prices' });
    expect(fill).toBeDisabled();
    const factor = within(dialog).getByLabelText('Factor (1 USD = ? EUR)');
    await userEvent.type(factor, '0');
    expect(within(dialog).getByText('Enter a number above 0, up to 1,000,000')).toBeInTheDocument();
    await userEvent.clear(factor);
    await userEvent.type(factor, '0,95');
    // The message goes once the factor is a valid one.
    expect(within(dialog).queryByText('Enter a number above 0, up to 1,000,000')).not.toBeInTheDocument();
    await userEvent.click(fill);
    expect(post).toHaveBeenLastCalledWith('/currencies/eur/fill-prices', { from: 'USD', factor: 0.95 });
  });
});
