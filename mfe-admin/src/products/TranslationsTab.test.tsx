import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, type Filter, type Product } from '@shop/shared';
import { EditProductModal } from './EditProductModal';
import FiltersPage from '../filters/FiltersPage';
import { EUR, ok, renderAdmin, routeCalls, setCurrencies, USD } from '../test/renderAdmin';

// Issue 37: the back office's Translations, in the product modal (its title and description, its
// variants' and options' names) and in a filter's details: each record saved by its own call, only
// what changed, a blank text sent as blank (the shop then shows the English), and read in English.

const ring: Product = {
  _id: 'p1', slug: 'ring', title: 'Gold Ring', description: 'Nice', features: [], imageUrls: ['uploads/a.png'],
  basePrice: [{ currType: 'usd', amount: 1200 }], tags: [], isNew: true, discounts: [], filterOptions: [],
  variants: [{ _id: 'v1', type: 'Size', translations: { fr: { name: 'Taille' } }, options: [{ _id: 'vo1', name: 'Small', isActive: true, inStock: true, incRate: [] }] }],
  trackInventory: false, available: true, translations: { fr: { title: 'Bague en or' } },
};

beforeEach(() => setCurrencies([USD, EUR]));
jest.setTimeout(30000);
afterEach(() => jest.restoreAllMocks());

test('the product modal: a Translations tab shows the French texts with their English, and saves each changed record', async () => {
  const get = jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/product/p1': ring, '/filter': [], '/discounts': [] }));
  const saved = { ...ring, translations: { fr: { title: 'Bague en or jaune', description: 'Jolie' } } };
  const put = jest.spyOn(api, 'put').mockImplementation(routeCalls({ '/product/p1': saved, '/product/variant-option/vo1': saved }));
  renderAdmin(<EditProductModal productId="p1" onClose={() => undefined} onUpdated={() => undefined} />);
  const dialog = await screen.findByRole('dialog', { name: 'Edit Gold Ring' });
  // Read in English whatever the browser's language.
  expect(get).toHaveBeenCalledWith('/product/p1?locale=en');
  await userEvent.click(within(dialog).getByRole('tab', { name: 'Translations' }));
  const title = within(dialog).getByLabelText('Title (Français)');
  expect(title).toHaveValue('Bague en or');
  expect(title).toHaveAttribute('placeholder', 'Gold Ring');
  expect(title).toHaveAttribute('lang', 'fr');
  expect(within(dialog).getByLabelText('Variant name (Français)')).toHaveValue('Taille');
  await userEvent.clear(title);
  await userEvent.type(title, 'Bague en or jaune');
  await userEvent.type(within(dialog).getByLabelText('Description (Français)'), 'Jolie');
  await userEvent.type(within(dialog).getByLabelText('Option name (Français)'), 'Petite');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Update Translations' }));
  expect(put).toHaveBeenCalledWith('/product/p1', { translations: { fr: { title: 'Bague en or jaune', description: 'Jolie' } } });
  expect(put).toHaveBeenCalledWith('/product/variant-option/vo1', { translations: { fr: { name: 'Petite' } } });
  // The variant's name did not change: not sent.
  expect(put).not.toHaveBeenCalledWith('/product/p1/variants/v1', expect.anything());
  expect(await screen.findAllByText('Translations Updated Successfully!')).not.toHaveLength(0);
});

test("a filter's details: its name and its options' names in French, each changed one saved", async () => {
  const metal: Filter = { _id: 'f1', name: 'Metal', translations: { fr: { name: 'Métal' } }, filterOptions: [{ _id: 'o1', name: 'Gold' }, { _id: 'o2', name: 'Silver' }] };
  jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/filter': [metal], '/filter/f1': metal }));
  const put = jest.spyOn(api, 'put').mockImplementation(() => ok({ ...metal, filterOptions: [{ _id: 'o1', name: 'Gold', translations: { fr: { name: 'Or' } } }, metal.filterOptions[1]] }));
  const patch = jest.spyOn(api, 'patch');
  renderAdmin(<FiltersPage />);
  await userEvent.click(await screen.findByRole('button', { name: 'View Metal' }));
  const dialog = screen.getByRole('dialog', { name: 'Filter details' });
  const section = await within(dialog).findByRole('region', { name: 'Translations' });
  expect(within(section).getByLabelText('Filter name (Français)')).toHaveValue('Métal');
  const [gold] = within(section).getAllByLabelText('Option name (Français)');
  await userEvent.type(gold, 'Or');
  await userEvent.click(within(section).getByRole('button', { name: 'Update Translations' }));
  expect(put).toHaveBeenCalledWith('/filter/filterOptions/o1', { translations: { fr: { name: 'Or' } } });
  expect(put).toHaveBeenCalledTimes(1);
  expect(patch).not.toHaveBeenCalled();
  expect(await screen.findByText('Translations Updated Successfully!')).toBeInTheDocument();
});

test("each translation's field holds at most the API's limit for it", async () => {
  jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/product/p1': ring, '/filter': [], '/discounts': [] }));
  renderAdmin(<EditProductModal productId="p1" onClose={() => undefined} onUpdated={() => undefined} />);
  const dialog = await screen.findByRole('dialog', { name: 'Edit Gold Ring' });
  await userEvent.click(within(dialog).getByRole('tab', { name: 'Translations' }));
  expect(within(dialog).getByLabelText('Title (Français)')).toHaveAttribute('maxLength', '200');
  expect(within(dialog).getByLabelText('Description (Français)')).toHaveAttribute('maxLength', '10000');
  expect(within(dialog).getByLabelText('Option name (Français)')).toHaveAttribute('maxLength', '100');
});
