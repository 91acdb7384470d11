import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, toLocalDateTimeInput, type Discount } from '@shop/shared';
import DiscountsPage from './DiscountsPage';
import { EUR, fail, ok, renderAdmin, routeCalls, setCurrencies, USD } from '../test/renderAdmin';

beforeEach(() => setCurrencies([USD, EUR]));
afterEach(() => jest.restoreAllMocks());

const summer: Discount = {
  _id: 'd1',
  title: 'Summer',
  discountType: 'percentage',
  timeLimit: '2030-06-01T10:30:00.000Z',
  value: [{ currType: 'usd', amount: 10 }, { currType: 'eur', amount: 12 }],
};

describe('DiscountsPage', () => {
  it('shows the empty message and the fetch error toast', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/currencies': [USD], '/discounts': [] }));
    renderAdmin(<DiscountsPage />);
    expect(await screen.findByText('No Discounts available yet.')).toBeInTheDocument();
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/currencies': [USD], '/discounts': () => fail() }));
    renderAdmin(<DiscountsPage />);
    expect(await screen.findByText('Failed to fetch discounts')).toBeInTheDocument();
  });

  it('enables Add only with title, type and time limit; labels each value by symbol; adding refetches and closes', async () => {
    let list: Discount[] = [];
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/currencies': [USD, EUR], '/discounts': () => list }));
    const post = jest.spyOn(api, 'post').mockImplementation(() => ok(summer, 201));
    renderAdmin(<DiscountsPage />);
    await screen.findByText('No Discounts available yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Add Discount' }));
    const dialog = screen.getByRole('dialog', { name: 'New Discount' });
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Summer');
    await userEvent.selectOptions(within(dialog).getByLabelText('Discount Type'), 'percentage');
    expect(add).toBeDisabled();
    expect(await within(dialog).findByText('$ (USD)')).toBeInTheDocument();
    expect(within(dialog).getByText('€ (EUR)')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Discount value in USD'), '10');
    await userEvent.type(within(dialog).getByLabelText('Time Limit'), '2030-06-01T12:30');
    expect(add).toBeEnabled();
    list = [summer];
    await userEvent.click(add);
    expect(post).toHaveBeenCalledWith('/discounts', {
      title: 'Summer',
      discountType: 'percentage',
      timeLimit: new Date('2030-06-01T12:30').toISOString(),
      value: [{ currType: 'usd', amount: 10 }, { currType: 'eur', amount: 0 }],
    });
    expect(await screen.findByText('Discount Added Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Summer')).toBeInTheDocument();
  });

  it('opens edit with the local time to the minute and the ids of object currTypes; Update replaces the row', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/currencies': [USD, EUR], '/discounts': [summer] }));
    const put = jest.spyOn(api, 'put').mockImplementation(() => ok({ ...summer, title: 'Winter', discountType: 'fixed' }));
    renderAdmin(<DiscountsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Summer' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Discount' });
    expect(within(dialog).getByLabelText('Time Limit')).toHaveValue(toLocalDateTimeInput(summer.timeLimit));
    expect(await within(dialog).findByLabelText('Discount value in USD')).toHaveValue(10);
    expect(within(dialog).getByLabelText('Discount value in EUR')).toHaveValue(12);
    const update = within(dialog).getByRole('button', { name: 'Update' });
    expect(update).toBeEnabled();
    await userEvent.click(update);
    expect(put).toHaveBeenCalledWith('/discounts/d1', expect.objectContaining({ value: [{ currType: 'usd', amount: 10 }, { currType: 'eur', amount: 12 }] }));
    expect(await screen.findByText('Discount Details Updated Successfully!')).toBeInTheDocument();
    expect(await screen.findByText('Winter')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Fixed' })).toBeInTheDocument();
  });

  it('deleting refetches the list', async () => {
    let list: Discount[] = [summer];
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/currencies': [USD], '/discounts': () => list }));
    jest.spyOn(api, 'delete').mockImplementation(() => ok({}));
    renderAdmin(<DiscountsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Summer' }));
    list = [];
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete discount' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Discount Deleted Successfully!')).toBeInTheDocument();
    expect(await screen.findByText('No Discounts available yet.')).toBeInTheDocument();
  });
});
