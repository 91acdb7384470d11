import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@shop/shared';
import ProductsPage from './ProductsPage';
import { EUR, renderAdmin, routeCalls, setCurrencies, USD } from '../test/renderAdmin';

const empty = { items: [], itemCount: 0, page: 1, limit: 12 };

beforeEach(() => {
  setCurrencies([USD, EUR]);
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});
jest.setTimeout(30000);
afterEach(() => jest.restoreAllMocks());

describe('Add Product: the unsaved form (issue 19)', () => {
  it('closing with input asks first; Keep editing keeps it; Discard empties it; the title message goes once the title is valid', async () => {
    jest.spyOn(api, 'post').mockImplementation(routeCalls({ '/product/filter': empty }));
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/rates/USD': { base: 'USD', rates: { EUR: 0.5 } }, '/filter': [], '/discounts': [] }));
    renderAdmin(<ProductsPage />);
    const opener = await screen.findByRole('button', { name: 'Add Product' });
    await userEvent.click(opener);
    let dialog = screen.getByRole('dialog', { name: 'Add Product' });
    // Nothing typed: Escape closes at once, and the focus is back on the opener.
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();

    await userEvent.click(opener);
    dialog = screen.getByRole('dialog', { name: 'Add Product' });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Discounts' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Please enter a valid title')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Pearl');
    expect(within(dialog).queryByText('Please enter a valid title')).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Pearl');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard changes' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(opener);
    expect(within(screen.getByRole('dialog', { name: 'Add Product' })).getByLabelText('Title')).toHaveValue('');
  });
});
