import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, type Product } from '@shop/shared';
import { EditProductModal, moved } from './EditProductModal';
import { EUR, fail, renderAdmin, routeCalls, setCurrencies, USD } from '../test/renderAdmin';

const ring: Product = {
  _id: 'p1', slug: 'ring', title: 'Gold Ring', description: 'Nice', features: [], imageUrls: ['uploads/a.png', 'uploads/b.png', 'uploads/c.png'],
  basePrice: [{ currType: 'usd', amount: 1200 }], tags: [], isNew: true, discounts: [], filterOptions: ['o1'],
  variants: [{ _id: 'v1', type: 'Size', options: [{ _id: 'vo1', name: 'Small', isActive: true, inStock: true, incRate: [] }] }],
  trackInventory: false, available: true,
};
const filters = [{ _id: 'f1', name: 'Metal', filterOptions: [{ _id: 'o1', name: 'Gold' }, { _id: 'o2', name: 'Silver' }] }];

beforeEach(() => setCurrencies([USD, EUR]));
jest.setTimeout(30000);
afterEach(() => jest.restoreAllMocks());

async function open(extra: { put?: Record<string, unknown>; del?: Record<string, unknown> } = {}) {
  jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/product/p1': ring, '/filter': filters, '/discounts': [] }));
  const put = jest.spyOn(api, 'put').mockImplementation(routeCalls(extra.put ?? {}));
  const del = jest.spyOn(api, 'delete').mockImplementation(routeCalls(extra.del ?? {}));
  const onClose = jest.fn();
  renderAdmin(<EditProductModal productId="p1" onClose={onClose} onUpdated={() => undefined} />);
  const dialog = await screen.findByRole('dialog', { name: 'Edit Gold Ring' });
  return { dialog, put, del, onClose };
}

describe('EditProductModal: safe editing (issue 19)', () => {
  it("saving one tab keeps another tab's unsaved edits, names them, and closing asks first", async () => {
    const { dialog, put, onClose } = await open({ put: { '/product/p1/filterOptions': { ...ring, filterOptions: ['o1', 'o2'] } } });
    const title = within(dialog).getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Rose Ring');
    expect(within(dialog).getByRole('status')).toHaveTextContent('Unsaved changes: details');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'filter options' }));
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Silver' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Unsaved changes: details, filter options');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Filter Options' }));
    expect(put).toHaveBeenCalledWith('/product/p1/filterOptions', { filterOptionIds: ['o1', 'o2'] });
    expect(await screen.findByText('Filter Options Updated Successfully!')).toBeInTheDocument();
    // The saved tab took the answer; the details' typed title is still there, still unsaved.
    expect(within(dialog).getByRole('checkbox', { name: 'Silver' })).toBeChecked();
    expect(within(dialog).getByRole('status')).toHaveTextContent(/^Unsaved changes: details$/);
    await userEvent.click(within(dialog).getByRole('tab', { name: 'details' }));
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Rose Ring');

    await userEvent.keyboard('{Escape}');
    const ask = screen.getByRole('dialog', { name: 'Discard changes?' });
    await userEvent.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Discard changes?' })).getByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('deleting an option, a variant or an image asks first; Cancel deletes nothing', async () => {
    const { dialog, del } = await open({ del: { '/product/variant-option/vo1': { ...ring, variants: [{ ...ring.variants![0], options: [] }] }, '/product/p1/images/1': { ...ring, imageUrls: ['uploads/a.png', 'uploads/c.png'] } } });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'variants' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete option Small' }));
    let confirm = screen.getByRole('dialog', { name: 'Delete option' });
    expect(confirm).toHaveTextContent('Delete the option Small of Size?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(del).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete variant Size' }));
    confirm = screen.getByRole('dialog', { name: 'Delete variant' });
    expect(confirm).toHaveTextContent('Delete the variant Size and its option?');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Delete variant' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Gold Ring' })).toBeInTheDocument();
    expect(del).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete option Small' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete option' })).getByRole('button', { name: 'Delete' }));
    expect(del).toHaveBeenCalledWith('/product/variant-option/vo1');
    expect(await screen.findByText('Variant Option Deleted Successfully!')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('tab', { name: 'images' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove image 2' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete image' })).getByRole('button', { name: 'Delete' }));
    expect(del).toHaveBeenCalledWith('/product/p1/images/1');
    await waitFor(() => expect(within(dialog).getAllByRole('img')).toHaveLength(2));
  });

  it('moves an image with its arrows (the first is the main photo) and saves the order', async () => {
    const order = ['uploads/b.png', 'uploads/a.png', 'uploads/c.png'];
    const { dialog, put } = await open({ put: { '/product/p1/images/order': { ...ring, imageUrls: order } } });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'images' }));
    expect(within(dialog).getByText('Main photo')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Move image 1 earlier' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Move image 3 later' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move image 2 earlier' }));
    expect(put).toHaveBeenCalledWith('/product/p1/images/order', { images: order });
    expect(await screen.findByText('Image Order Updated Successfully!')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual(order.map((u) => expect.stringContaining(u.replace('uploads/', ''))));
  });

  it('moves an image by dragging it onto another place', async () => {
    const order = ['uploads/b.png', 'uploads/c.png', 'uploads/a.png'];
    const { dialog, put } = await open({ put: { '/product/p1/images/order': { ...ring, imageUrls: order } } });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'images' }));
    const tiles = within(within(dialog).getByRole('list', { name: 'Product images' })).getAllByRole('listitem');
    const dataTransfer = { setData: jest.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(tiles[0], { dataTransfer });
    fireEvent.dragOver(tiles[2], { dataTransfer });
    fireEvent.drop(tiles[2], { dataTransfer });
    expect(put).toHaveBeenCalledWith('/product/p1/images/order', { images: order });
    expect(await screen.findByText('Image Order Updated Successfully!')).toBeInTheDocument();
  });

  it('the moved list puts the item at its new place', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });

  it("a refused save tells the server's reason after SPEC's text; the title's message goes once the title is valid", async () => {
    const { dialog } = await open({ put: { '/product/p1': () => fail(400, 'discounts has an unknown id') } });
    const title = within(dialog).getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Details' }));
    expect(await within(dialog).findByText('Please enter a valid title')).toBeInTheDocument();
    await userEvent.type(title, 'R');
    expect(within(dialog).queryByText('Please enter a valid title')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update Details' }));
    expect(await screen.findByText('Failed to Update Product Details. Discounts has an unknown id.')).toBeInTheDocument();
  });
});
