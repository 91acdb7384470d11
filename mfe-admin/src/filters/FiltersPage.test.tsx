import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, type Filter } from '@shop/shared';
import FiltersPage from './FiltersPage';
import { fail, ok, renderAdmin, routeCalls } from '../test/renderAdmin';

jest.setTimeout(30000);
afterEach(() => jest.restoreAllMocks());

const metal: Filter = { _id: 'f1', name: 'Metal', filterOptions: [{ _id: 'o1', name: 'Gold' }, { _id: 'o2', name: 'Silver' }] };

async function openDetails() {
  await userEvent.click(await screen.findByRole('button', { name: 'View Metal' }));
  const dialog = screen.getByRole('dialog', { name: 'Filter details' });
  await within(dialog).findByText('Gold');
  return dialog;
}

describe('FiltersPage', () => {
  it('shows the empty message, and the error toast when the list fails', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/filter': [] }));
    renderAdmin(<FiltersPage />);
    expect(await screen.findByText('No Filters available yet.')).toBeInTheDocument();
    jest.spyOn(api, 'get').mockImplementation(() => fail());
    renderAdmin(<FiltersPage />);
    expect(await screen.findByText('Failed to fetch filters')).toBeInTheDocument();
  });

  it('New Filter: options are trimmed tags added by Enter (blank ignored, click removes); Add Filter needs a title and an option; adding refetches and closes', async () => {
    let list: Filter[] = [];
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/filter': () => list }));
    const post = jest.spyOn(api, 'post').mockImplementation(() => ok(metal, 201));
    renderAdmin(<FiltersPage />);
    await screen.findByText('No Filters available yet.');
    await userEvent.click(screen.getByRole('button', { name: 'Add Filter' }));
    const dialog = screen.getByRole('dialog', { name: 'New Filter' });
    const add = within(dialog).getByRole('button', { name: 'Add Filter' });
    await userEvent.type(within(dialog).getByLabelText('Title'), '  Metal ');
    expect(add).toBeDisabled();
    const options = within(dialog).getByLabelText('Options', { selector: 'input' });
    await userEvent.type(options, '   {Enter}');
    expect(within(dialog).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(add).toBeDisabled();
    await userEvent.type(options, ' Gold {Enter}Silver{Enter}Brass{Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove Brass' }));
    expect(within(dialog).getAllByRole('button', { name: /^Remove/ })).toHaveLength(2);
    expect(add).toBeEnabled();
    list = [metal];
    await userEvent.click(add);
    expect(post).toHaveBeenCalledWith('/filter', { name: 'Metal', filterOptions: [{ name: 'Gold' }, { name: 'Silver' }] });
    expect(await screen.findByText('Filter Added Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: 'Metal' })).toBeInTheDocument();
  });

  it('renames a filter with the pencil; cancel restores the name; the row is replaced', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/filter': [metal], '/filter/f1': metal }));
    const patch = jest.spyOn(api, 'patch').mockImplementation(() => ok({ ...metal, name: 'Metals' }));
    renderAdmin(<FiltersPage />);
    const dialog = await openDetails();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit filter name' }));
    const input = within(dialog).getByLabelText('Filter name');
    expect(within(dialog).getByRole('button', { name: 'Confirm filter name' })).toBeDisabled();
    await userEvent.type(input, 'XYZ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel editing filter name' }));
    expect(within(dialog).getByRole('heading', { name: 'Metal' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit filter name' }));
    expect(within(dialog).getByLabelText('Filter name')).toHaveValue('Metal');
    await userEvent.type(within(dialog).getByLabelText('Filter name'), 's');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm filter name' }));
    expect(patch).toHaveBeenCalledWith('/filter/f1', { name: 'Metals' });
    expect(await screen.findByText('Filter Name Updated Successfully!')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Metals' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Metals' })).toBeInTheDocument();
  });

  it('Add Option is disabled while empty; adding replaces the options with the server list and closes the row', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/filter': [metal], '/filter/f1': metal }));
    const post = jest.spyOn(api, 'post').mockImplementation(() => ok({ ...metal, filterOptions: [...metal.filterOptions, { _id: 'o3', name: 'Platinum' }] }, 201));
    renderAdmin(<FiltersPage />);
    const dialog = await openDetails();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Option' }));
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('New option name'), ' Platinum ');
    await userEvent.click(add);
    expect(post).toHaveBeenCalledWith('/filter/f1/filterOptions', { name: 'Platinum' });
    expect(await screen.findByText('Filter Option Added Successfully!')).toBeInTheDocument();
    expect(within(dialog).getByRole('cell', { name: 'Platinum' })).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('New option name')).not.toBeInTheDocument();
  });

  it('option Update is disabled while the name is unchanged; update and delete use the answered filter', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/filter': [metal], '/filter/f1': metal }));
    jest.spyOn(api, 'put').mockImplementation(() => ok({ ...metal, filterOptions: [{ _id: 'o1', name: 'Yellow Gold' }, metal.filterOptions[1]] }));
    jest.spyOn(api, 'delete').mockImplementation(() => ok({ ...metal, filterOptions: [{ _id: 'o1', name: 'Yellow Gold' }] }));
    renderAdmin(<FiltersPage />);
    const dialog = await openDetails();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Edit option Gold' }));
    const update = within(dialog).getByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();
    const input = within(dialog).getByLabelText('New name for Gold');
    await userEvent.clear(input);
    await userEvent.type(input, 'Yellow Gold');
    await userEvent.click(update);
    expect(api.put).toHaveBeenCalledWith('/filter/filterOptions/o1', { name: 'Yellow Gold' });
    expect(await screen.findByText('Filter Option Updated Successfully!')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete option Silver' }));
    expect(await screen.findByText('Filter Option Deleted Successfully!')).toBeInTheDocument();
    expect(within(dialog).queryByText('Silver')).not.toBeInTheDocument();
  });

  it('deleting a filter refetches; a failed delete shows the error toast', async () => {
    let list: Filter[] = [metal];
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/filter': () => list }));
    jest.spyOn(api, 'delete').mockImplementationOnce(() => fail()).mockImplementationOnce(() => ok({}));
    renderAdmin(<FiltersPage />);
    const confirm = async () => {
      await userEvent.click(await screen.findByRole('button', { name: 'Delete Metal' }));
      await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete filter' })).getByRole('button', { name: 'Delete' }));
    };
    await confirm();
    expect(await screen.findByText('Failed to Delete Filter.')).toBeInTheDocument();
    list = [];
    await confirm();
    expect(await screen.findByText('Filter Deleted Successfully!')).toBeInTheDocument();
    expect(await screen.findByText('No Filters available yet.')).toBeInTheDocument();
  });
});
