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
    expect(within(form).getAllByRole('textbox').map((i) => (i as HTMLInputElement).value)).toEqual(['1 Market St', 'Floor 2', 'York', 'Yorkshire', '20002']);
    expect(within(form).getByRole('combobox', { name: 'Country' })).toHaveValue('GB');
    const update = within(form).getByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();

    const city = within(form).getByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Leeds');
    expect(update).toBeEnabled();
    await user.click(update);

    // Issue 39: an address written before the country list keeps its text; its code is read from it (UK: GB).
    expect(put).toHaveBeenCalledWith('/user/address/a2', { fullName: 'Jane Doe', line1: '1 Market St', line2: 'Floor 2', city: 'Leeds', state: 'Yorkshire', postalCode: '20002', country: 'UK', countryCode: 'GB' });
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
    // Issue 39: the country is chosen from the list (the stored 'UK' read as the United Kingdom).
    const country = within(form).getByLabelText('Country');
    expect(country).toHaveValue('GB');
    await user.selectOptions(country, 'FR');
    expect(within(form).getByRole('button', { name: 'Update' })).toBeEnabled();
    await user.selectOptions(country, 'GB');
    expect(within(form).getByRole('button', { name: 'Update' })).toBeDisabled();
    await user.selectOptions(country, 'DE');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('United Kingdom')).toBeInTheDocument();
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

  it('adds an address: checked first, then posted and shown as a new card', async () => {
    jest.spyOn(api, 'get').mockReturnValue(answer([home]));
    const added: Address = { _id: 'a3', fullName: 'Jane Doe', line1: '3 New Road', line2: '', city: 'Leeds', state: '', postalCode: '30003', country: 'UK' };
    const post = jest.spyOn(api, 'post').mockReturnValue(answer(added));
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await user.type(within(form).getByLabelText('Address line 1'), '3 New Road');
    await user.type(within(form).getByLabelText('City'), 'Leeds');
    await user.type(within(form).getByLabelText('Postal code'), 'LS1');
    await user.selectOptions(within(form).getByLabelText('Country'), 'GB');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please enter a valid address');
    expect(post).not.toHaveBeenCalled();
    await user.clear(within(form).getByLabelText('Postal code'));
    await user.type(within(form).getByLabelText('Postal code'), '30003');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(post).toHaveBeenCalledWith('/user/addresses', { line1: '3 New Road', line2: '', city: 'Leeds', state: '', postalCode: '30003', country: 'United Kingdom', countryCode: 'GB' });
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.queryByRole('form', { name: 'New address' })).not.toBeInTheDocument();
    expect(await screen.findByText('Address added')).toBeInTheDocument();
  });

  it('adds the first address from the empty page, and Cancel brings the empty note back', async () => {
    jest.spyOn(api, 'get').mockReturnValue(answer([]));
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add address' }));
    expect(screen.queryByText("You don't have any saved address.")).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText("You don't have any saved address.")).toBeInTheDocument();
  });

  it('deletes an address after a confirmation; Keep it keeps it', async () => {
    jest.spyOn(api, 'get').mockReturnValue(answer([home, work]));
    const del = jest.spyOn(api, 'delete').mockReturnValue(answer({ message: 'Address deleted' }));
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete address 1' }));
    const confirm = screen.getByRole('group', { name: 'Delete address 1?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(del).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete address 1' }));
    await user.click(within(screen.getByRole('group', { name: 'Delete address 1?' })).getByRole('button', { name: 'Delete' }));
    expect(del).toHaveBeenCalledWith('/user/address/a1');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.queryByText('12 Rose Lane')).not.toBeInTheDocument();
  });

  it('keeps the address and says so when the delete fails', async () => {
    jest.spyOn(api, 'get').mockReturnValue(answer([home]));
    jest.spyOn(api, 'delete').mockRejectedValue(httpError(500));
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete address 1' }));
    await user.click(within(screen.getByRole('group', { name: 'Delete address 1?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Could not delete the address')).toBeInTheDocument();
    expect(screen.getByText('12 Rose Lane')).toBeInTheDocument();
  });
});
