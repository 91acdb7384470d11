import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@shop/shared';
import DiscountsPage from '../discounts/DiscountsPage';
import FiltersPage from '../filters/FiltersPage';
import { EUR, ok, renderAdmin, routeCalls, setCurrencies, USD } from '../test/renderAdmin';

beforeEach(() => setCurrencies([USD, EUR]));
jest.setTimeout(30000);
afterEach(() => jest.restoreAllMocks());

// Issue 19: every admin modal with a form asks before dropping typed input (the shared Modal's dirty).
describe('admin modals with unsaved input', () => {
  it('New Filter: closing after typing asks first; untouched it closes at once', async () => {
    jest.spyOn(api, 'get').mockImplementation(() => ok([]));
    renderAdmin(<FiltersPage />);
    await screen.findByText('No Filters available yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Add Filter' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Filter' }));
    const dialog = screen.getByRole('dialog', { name: 'New Filter' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Metal');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Discard changes?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('New Discount: the × asks first once a field is typed in', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/currencies': [USD, EUR], '/discounts': [] }));
    renderAdmin(<DiscountsPage />);
    await screen.findByText('No Discounts available yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Add Discount' }));
    const dialog = screen.getByRole('dialog', { name: 'New Discount' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Summer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Keep editing' }));
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Summer');
  });
});
