import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, type Product } from '@shop/shared';
import ProductsPage from './ProductsPage';
import { EUR, renderAdmin, routeCalls, setCurrencies, USD } from '../test/renderAdmin';

// Photos per option (issue 22): in the edit modal each option row picks which of the product's photos
// show the piece with it; each change is one PUT of the option's imageUrls.

const gold = { _id: 'vo-gold', name: 'Gold', isActive: true, inStock: true, incRate: [], imageUrls: ['uploads/gold.jpg'] };
const silver = { _id: 'vo-silver', name: 'Silver', isActive: true, inStock: true, incRate: [], imageUrls: [] };
const pendant: Product = {
  _id: 'p1', slug: 'pendant', title: 'Gold Pendant', description: '', features: [], imageUrls: ['uploads/side.jpg', 'uploads/gold.jpg', 'uploads/silver.jpg'],
  basePrice: [{ currType: 'usd', amount: 100 }], tags: [], isNew: false, discounts: [], filterOptions: [],
  variants: [{ _id: 'v1', type: 'Metal', options: [gold, silver] }],
  trackInventory: false, available: true,
};
const withPhotos = (urls: Record<string, string[]>): Product => ({
  ...pendant,
  variants: [{ ...pendant.variants[0], options: pendant.variants[0].options.map((o) => ({ ...o, imageUrls: urls[o._id] ?? o.imageUrls })) }],
});

beforeEach(() => setCurrencies([USD, EUR]));
jest.setTimeout(30000);
afterEach(() => jest.restoreAllMocks());

async function openVariants() {
  jest.spyOn(api, 'post').mockImplementation(routeCalls({ '/product/filter': { items: [pendant], itemCount: 1, page: 1, limit: 12 } }));
  jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/product/p1': pendant, '/filter': [], '/discounts': [] }));
  renderAdmin(<ProductsPage />);
  await userEvent.click(await screen.findByRole('button', { name: 'Edit Gold Pendant' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Gold Pendant' });
  await userEvent.click(within(dialog).getByRole('tab', { name: 'variants' }));
  return dialog;
}

describe('option photos in the product editor', () => {
  it("each option row shows the product's photos as labelled checkboxes, ticked where the option shows them", async () => {
    const dialog = await openVariants();
    expect(within(dialog).getByRole('columnheader', { name: 'Photos' })).toBeInTheDocument();
    const goldPhotos = within(dialog).getByRole('group', { name: 'Photos of Gold' });
    expect(within(goldPhotos).getAllByRole('checkbox').map((c) => [c.getAttribute('aria-label'), (c as HTMLInputElement).checked])).toEqual([
      ['Photo 1 for Gold', false],
      ['Photo 2 for Gold', true],
      ['Photo 3 for Gold', false],
    ]);
    expect(Array.from(goldPhotos.querySelectorAll('img'), (img) => img.getAttribute('src'))).toEqual([
      expect.stringMatching(/uploads\/side\.jpg\?w=160$/),
      expect.stringMatching(/uploads\/gold\.jpg\?w=160$/),
      expect.stringMatching(/uploads\/silver\.jpg\?w=160$/),
    ]);
    expect(within(within(dialog).getByRole('group', { name: 'Photos of Silver' })).getAllByRole('checkbox').some((c) => (c as HTMLInputElement).checked)).toBe(false);
    expect(within(dialog).getByText(/An option with none shows all the product's photos/)).toBeInTheDocument();
  });

  it('ticking (Space on the focused checkbox) and unticking save the option\'s photos in the product\'s order', async () => {
    const put = jest.spyOn(api, 'put').mockImplementation(routeCalls({ '/product/variant-option/vo-silver': withPhotos({ 'vo-silver': ['uploads/side.jpg', 'uploads/silver.jpg'] }) }));
    const dialog = await openVariants();
    const silverPhotos = () => within(dialog).getByRole('group', { name: 'Photos of Silver' });
    within(silverPhotos()).getByRole('checkbox', { name: 'Photo 3 for Silver' }).focus();
    await userEvent.keyboard(' ');
    expect(put).toHaveBeenLastCalledWith('/product/variant-option/vo-silver', { imageUrls: ['uploads/silver.jpg'] });
    expect(await screen.findByText('Option Photos Updated Successfully!')).toBeInTheDocument();
    // The answer is what the row shows.
    await waitFor(() => expect(within(silverPhotos()).getByRole('checkbox', { name: 'Photo 1 for Silver' })).toBeChecked());
    put.mockImplementation(routeCalls({ '/product/variant-option/vo-silver': withPhotos({ 'vo-silver': ['uploads/silver.jpg'] }) }));
    await userEvent.click(within(silverPhotos()).getByRole('checkbox', { name: 'Photo 1 for Silver' }));
    expect(put).toHaveBeenLastCalledWith('/product/variant-option/vo-silver', { imageUrls: ['uploads/silver.jpg'] });
    await waitFor(() => expect(within(silverPhotos()).getByRole('checkbox', { name: 'Photo 1 for Silver' })).not.toBeChecked());
  });

  it('the add modal has no picker: its photos are not uploaded yet', async () => {
    jest.spyOn(api, 'post').mockImplementation(routeCalls({ '/product/filter': { items: [], itemCount: 0, page: 1, limit: 12 } }));
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/filter': [], '/discounts': [] }));
    renderAdmin(<ProductsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Product' }));
    const dialog = await screen.findByRole('dialog', { name: /Add Product|New Product/ });
    await userEvent.click(within(dialog).getByRole('tab', { name: 'variants' }));
    expect(within(dialog).queryByRole('columnheader', { name: 'Photos' })).not.toBeInTheDocument();
  });
});
