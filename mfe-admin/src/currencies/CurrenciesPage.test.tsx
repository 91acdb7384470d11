import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@shop/shared';
import CurrenciesPage from './CurrenciesPage';
import { EUR, fail, ok, renderAdmin, USD } from '../test/renderAdmin';

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
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(get.mock.calls.filter(([url]) => url === '/currencies').length).toBeGreaterThan(callsBefore);
    expect(await screen.findByText('Euro')).toBeInTheDocument();
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
});
