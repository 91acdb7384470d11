import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, ApiCallError } from '@shop/shared';
import StoreSettingsPage from './StoreSettingsPage';
import { fail, ok, renderAdmin } from '../test/renderAdmin';

afterEach(() => jest.restoreAllMocks());

const SAVED = { legalName: 'Aurelia Jewels SAS', address: '12 rue de la Paix\n75002 Paris', taxId: 'FR12345678901', invoiceFooter: 'RCS Paris', defaultCountry: 'FR', updatedAt: '2026-11-28T10:00:00.000Z' };

describe('StoreSettingsPage (issue 39)', () => {
  it('shows the saved settings and saves the edited ones', async () => {
    jest.spyOn(api, 'get').mockImplementation(() => ok(SAVED));
    const put = jest.spyOn(api, 'put').mockImplementation((_url: string, body: unknown) => ok({ ...(body as object), updatedAt: '2026-11-29T10:00:00.000Z' }));
    renderAdmin(<StoreSettingsPage />);
    const name = await screen.findByLabelText('Legal name');
    await waitFor(() => expect(name).toHaveValue('Aurelia Jewels SAS'));
    expect(screen.getByLabelText('Address')).toHaveValue('12 rue de la Paix\n75002 Paris');
    await userEvent.clear(name);
    await userEvent.type(name, 'Maison Aurelia');
    const country = screen.getByLabelText('Default country');
    await userEvent.clear(country);
    await userEvent.type(country, 'de');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(put).toHaveBeenCalledWith('/settings/store', { legalName: 'Maison Aurelia', address: SAVED.address, taxId: SAVED.taxId, invoiceFooter: SAVED.invoiceFooter, defaultCountry: 'DE' });
    expect(await screen.findByText('Store Settings Saved Successfully!')).toBeInTheDocument();
  });

  it("shows the server's words beside each field it refuses (a 400's fields)", async () => {
    jest.spyOn(api, 'get').mockImplementation(() => ok(SAVED));
    jest.spyOn(api, 'put').mockImplementation(() =>
      Promise.reject(new ApiCallError({ status: 400, data: { message: 'body/defaultCountry must match pattern', fields: { defaultCountry: 'must be 2 capital letters (ISO 3166-1)', taxId: 'must be letters and digits' } } })),
    );
    renderAdmin(<StoreSettingsPage />);
    await waitFor(() => expect(screen.getByLabelText('Legal name')).toHaveValue('Aurelia Jewels SAS'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('must be 2 capital letters (ISO 3166-1)')).toBeInTheDocument();
    expect(screen.getByLabelText('Default country')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('VAT / tax id')).toHaveAccessibleDescription('must be letters and digits');
    expect(await screen.findByText(/Failed to Save Store Settings\./)).toBeInTheDocument();
    // Typing in a field clears its error.
    await userEvent.clear(screen.getByLabelText('Default country'));
    expect(screen.queryByText('must be 2 capital letters (ISO 3166-1)')).not.toBeInTheDocument();
  });

  it('says when the settings could not be fetched', async () => {
    jest.spyOn(api, 'get').mockImplementation(() => fail(500));
    renderAdmin(<StoreSettingsPage />);
    await waitFor(() => expect(screen.getAllByText('Failed to fetch the store settings.')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
