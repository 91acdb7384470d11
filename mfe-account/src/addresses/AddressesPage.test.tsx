import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, type Address } from '@shop/shared';
import { answer, httpError, renderWithShop, resetSession, setSession } from '../testing/renderWithShop';
import AddressesPage from './AddressesPage';

const home: Address = { _id: 'a1', fullName: 'Jane Doe', line1: '12 Rose Lane', line2: '', city: 'Bath', state: '', postalCode: '10001', country: 'UK' };
const work: Address = { _id: 'a2', fullName: 'Jane Doe', line1: '1 Market St', line2: 'Floor 2', city: 'York', state: 'Yorkshire', postalCode: '20002', country: 'UK' };

const renderPage = () => renderWithShop(<AddressesPage />, { path: '/my-account/addresses' });

describe('AddressesPage', () => {
  beforeEach(() => {
    resetSession();
    setSession({ auth: true, name: 'Jane Doe', role: 'customer', token: 't' });
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the heading, the checkout note, one card per address and the account nav', async () => {
    const get = jest.spyOn(api, 'get').mockReturnValue(answer([home, work]));
    renderPage();
    expect(screen.getByRole('heading', { name: 'Billing address' })).toBeInTheDocument();
    expect(screen.getByText(/used on the checkout page by default/)).toBeInTheDocument();
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(get).toHaveBeenCalledWith('/user/addresses');
    expect(screen.getByText('1 Market St')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'My account' });
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/my-account/orders');
    expect(within(nav).getByRole('link', { name: 'Addresses' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-&-policy');
  });

  it('says when there is no saved address', async () => {
    jest.spyOn(api, 'get').mockReturnValue(answer([]));
    renderPage();
    expect(await screen.findByText("You don't have any saved address.")).toBeInTheDocument();
  });

  it('says when the addresses could not be fetched, inline and in a toast', async () => {
    jest.spyOn(api, 'get').mockRejectedValue(httpError(500));
    renderPage();
    await waitFor(() => expect(screen.getAllByText('Failed to fetch saved addresses.')).toHaveLength(2));
  });

  it('edits one card inline; Update is disabled until something changes', async () => {
    jest.spyOn(api, 'get').mockReturnValue(answer([home, work]));
    const put = jest.spyOn(api, 'put').mockImplementation((_url, body) => answer({ ...work, ...(body as object) }) as never);
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit address 2' }));
    const form = screen.getByRole('form', { name: 'Edit address 2' });
    // only this card is in edit mode
    expect(screen.getAllByRole('form')).toHaveLength(1);
    expect(within(form).getAllByRole('textbox').map((i) => (i as HTMLInputElement).value)).toEqual(['1 Market St', 'Floor 2', 'York', 'Yorkshire', '20002', 'UK']);
    const update = within(form).getByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();

    const city = within(form).getByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Leeds');
    expect(update).toBeEnabled();
    await user.click(update);

    expect(put).toHaveBeenCalledWith('/user/address/a2', { fullName: 'Jane Doe', line1: '1 Market St', line2: 'Floor 2', city: 'Leeds', state: 'Yorkshire', postalCode: '20002', country: 'UK' });
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
    expect(screen.getByText('Leeds, Yorkshire')).toBeInTheDocument();
  });

  it('restores Update to disabled when a change is undone, and Cancel leaves the card unchanged', async () => {
    jest.spyOn(api, 'get').mockReturnValue(answer([home]));
    const put = jest.spyOn(api, 'put');
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit address 1' }));
    const form = screen.getByRole('form', { name: 'Edit address 1' });
    const country = within(form).getByLabelText('Country');
    await user.type(country, 'X');
    expect(within(form).getByRole('button', { name: 'Update' })).toBeEnabled();
    await user.type(country, '{Backspace}');
    expect(within(form).getByRole('button', { name: 'Update' })).toBeDisabled();
    await user.type(country, 'Z');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('UK')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  });

  it('says Could not update address when the server refuses, and keeps the form open', async () => {
    jest.spyOn(api, 'get').mockReturnValue(answer([home]));
    jest.spyOn(api, 'put').mockRejectedValue(httpError(400, { message: 'Please enter a valid address' }));
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit address 1' }));
    await user.type(screen.getByLabelText('Postal code'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.getAllByText('Could not update address')).toHaveLength(2));
    expect(screen.getByRole('form', { name: 'Edit address 1' })).toBeInTheDocument();
  });
});
