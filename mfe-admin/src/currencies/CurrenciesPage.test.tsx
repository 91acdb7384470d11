import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@shop/shared';
import CurrenciesPage from './CurrenciesPage';
import { EUR, fail, ok, renderAdmin, routeCalls, USD } from '../test/renderAdmin';

afterEach(() => jest.restoreAllMocks());

/** A currency as GET /currencies/all answers it (issue 38): its status and how many products are priced in it. */
const admin = <C extends typeof USD>(c: C, status: 'draft' | 'published' = 'published', pricedProducts = 4, products = 4) => ({ ...c, status, pricedProducts, products });
const aUSD = admin(USD);
const aEUR = admin(EUR);

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
    const get = jest.spyOn(api, 'get').mockImplementation(() => ok([aUSD]));
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
    const callsBefore = get.mock.calls.filter(([url]) => url === '/currencies/all').length;
    get.mockImplementation(() => ok([aUSD, aEUR]));
    await userEvent.click(add);
    expect(post).toHaveBeenCalledWith('/currencies', { name: 'Euro', code: 'EUR', symbol: '€', pricesIncludeTax: false });
    expect(await screen.findByText('Currency Added Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Currency' })).not.toBeInTheDocument());
    expect(get.mock.calls.filter(([url]) => url === '/currencies/all').length).toBeGreaterThan(callsBefore);
    expect(await screen.findByRole('cell', { name: 'Euro' })).toBeInTheDocument();
    // Issue 19: then it offers to fill the new currency's prices from another's.
    const fill = await screen.findByRole('dialog', { name: 'Fill prices in EUR' });
    await userEvent.click(within(fill).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('disables Update while nothing changed; updating replaces the row', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(() => ok([aUSD]));
    const put = jest.spyOn(api, 'put').mockImplementation(() => {
      get.mockImplementation(() => ok([{ ...aUSD, name: 'Dollar' }]));
      return ok({ ...USD, name: 'Dollar' });
    });
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
    expect(put).toHaveBeenCalledWith('/currencies/usd', { name: 'Dollar', code: 'USD', symbol: '$', pricesIncludeTax: false });
    expect(await screen.findByText('Currency Details Updated Successfully!')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Dollar' })).toBeInTheDocument();
  });

  it('deletes after confirmation and refetches; a failure shows the error toast', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(() => ok([aUSD, aEUR]));
    const del = jest.spyOn(api, 'delete').mockImplementationOnce(() => ok({ message: 'ok' })).mockImplementationOnce(() => fail());
    renderAdmin(<CurrenciesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Euro' }));
    get.mockImplementation(() => ok([aUSD]));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete currency' })).getByRole('button', { name: 'Delete' }));
    expect(del).toHaveBeenCalledWith('/currencies/eur');
    expect(await screen.findByText('Currency Deleted Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Euro')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Delete US Dollar' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete currency' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to Delete Currency.')).toBeInTheDocument();
  });

  it("a refused add tells the server's reason after SPEC's text (issue 19); closing with typed input asks first", async () => {
    jest.spyOn(api, 'get').mockImplementation(() => ok([aUSD]));
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
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/currencies/all': [aUSD, aEUR], '/currencies/eur/usage': { prices: 12, optionIncreases: 1 } }));
    const del = jest.spyOn(api, 'delete').mockImplementation(() => ok({ message: 'ok' }));
    renderAdmin(<CurrenciesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Euro' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete currency' });
    expect(confirm).toHaveTextContent('Delete Euro (EUR)? This removes its 12 product prices and 1 option increase.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(del).not.toHaveBeenCalled();
  });

  it("fills a currency's prices by the exchange rate or a fixed factor (issue 19)", async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/currencies/all': [aUSD, aEUR], '/rates/USD': { base: 'USD', rates: { EUR: 0.9 } } }));
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

  it('a new currency is a draft until published: the list says how many products are priced in it, and publishing an incomplete one asks first (issue 38)', async () => {
    const chf = admin({ _id: 'chf', name: 'Swiss Franc', code: 'CHF', symbol: 'Fr' }, 'draft', 1, 4);
    const get = jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/currencies/all': [aUSD, chf], '/currencies': [USD] }));
    const put = jest.spyOn(api, 'put').mockImplementation(() => {
      get.mockImplementation(routeCalls({ '/currencies/all': [aUSD, { ...chf, status: 'published' }], '/currencies': [USD, chf] }));
      return ok({ ...chf, status: 'published' });
    });
    renderAdmin(<CurrenciesPage />);
    const row = (await screen.findByRole('cell', { name: 'Swiss Franc' })).closest('tr')!;
    expect(within(row).getByText('Draft')).toHaveAttribute('title', 'Hidden from shoppers until published');
    expect(within(row).getByRole('cell', { name: '1 of 4 products' })).toBeInTheDocument();
    expect(within(screen.getByRole('cell', { name: 'US Dollar' }).closest('tr')!).getByText('Published')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Publish Swiss Franc' }));
    const confirm = screen.getByRole('dialog', { name: 'Publish CHF?' });
    expect(confirm).toHaveTextContent('3 of 4 products have no price in CHF: shoppers who pick it will see them as Not Available.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Publish anyway' }));
    expect(put).toHaveBeenCalledWith('/currencies/chf/status', { status: 'published' });
    expect(await screen.findByText('CHF is live: shoppers can pick it.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Unpublish Swiss Franc' })).toBeInTheDocument();
  });

  it('filling by exchange rate while the rates cannot be had says so and offers the fixed factor (issue 38)', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/currencies/all': [aUSD, aEUR], '/rates/USD': () => fail(503, 'Currency rates for USD are not available right now. Please try again later.') }));
    const post = jest.spyOn(api, 'post').mockImplementation(() => ok({ currency: EUR, from: 'USD', factor: 0.92, prices: 3, optionIncreases: 0 }));
    renderAdmin(<CurrenciesPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Fill prices in Euro' }));
    const dialog = screen.getByRole('dialog', { name: 'Fill prices in EUR' });
    const notice = await within(dialog).findByRole('alert');
    expect(notice).toHaveTextContent('The exchange rate from USD to EUR cannot be had right now (the shop is offline or the rates provider is away).');
    expect(within(dialog).getByRole('button', { name: 'Fill prices' })).toBeDisabled();
    await userEvent.click(within(notice).getByRole('button', { name: 'Use a fixed factor' }));
    expect(within(dialog).getByRole('radio', { name: 'A fixed factor' })).toBeChecked();
    await userEvent.type(within(dialog).getByLabelText('Factor (1 USD = ? EUR)'), '0.92');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fill prices' }));
    expect(post).toHaveBeenCalledWith('/currencies/eur/fill-prices', { from: 'USD', factor: 0.92 });
  });
});
