import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@shop/shared';
import ProductsPage from './ProductsPage';
import { EUR, ok, renderAdmin, routeCalls, setCurrencies, USD } from '../test/renderAdmin';

const empty = { items: [], itemCount: 0, page: 1, limit: 12 };
const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

beforeEach(() => {
  setCurrencies([USD, EUR]);
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});
jest.setTimeout(30000);
afterEach(() => jest.restoreAllMocks());

async function openAdd() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add Product' }));
  return screen.getByRole('dialog', { name: 'Add Product' });
}
const goTo = (dialog: HTMLElement, name: string) => userEvent.click(within(dialog).getByRole('tab', { name }));

describe('AddProductModal', () => {
  it('validates the title and the images before publishing, on the last tab only', async () => {
    jest.spyOn(api, 'post').mockImplementation(routeCalls({ '/product/filter': empty }));
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/rates/USD': { base: 'USD', rates: { EUR: 0.5 } }, '/filter': [], '/discounts': [] }));
    renderAdmin(<ProductsPage />);
    const dialog = await openAdd();
    expect(within(dialog).queryByRole('button', { name: 'Publish' })).not.toBeInTheDocument();
    await goTo(dialog, 'Discounts');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Please enter a valid title')).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'details' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Pearl');
    await goTo(dialog, 'Discounts');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    expect(await within(dialog).findByText('Please upload atleast one image')).toBeInTheDocument();
    expect(within(dialog).getByRole('tab', { name: 'images' })).toHaveAttribute('aria-selected', 'true');
    expect(api.post).not.toHaveBeenCalledWith('/product', expect.anything(), expect.anything());
  });

  it('pre-fills other currencies from the rates, steps with arrows, takes only images, and publishes one multipart POST', async () => {
    const post = jest.spyOn(api, 'post').mockImplementation(routeCalls({ '/product/filter': empty, '/product': () => ok({ _id: 'p9' }, 201) }));
    jest.spyOn(api, 'get').mockImplementation(routeCalls({
      '/rates/USD': { base: 'USD', rates: { EUR: 0.5 } },
      '/filter': [{ _id: 'f1', name: 'Metal', filterOptions: [{ _id: 'o1', name: 'Gold' }] }],
      '/discounts': [{ _id: 'd1', title: 'Summer', discountType: 'fixed', timeLimit: '2030-01-01', value: [] }],
    }));
    renderAdmin(<ProductsPage />);
    const dialog = await openAdd();
    await userEvent.type(within(dialog).getByLabelText('Title'), '  Pearl Necklace ');
    await waitFor(() => expect(api.get).toHaveBeenCalledWith('/rates/USD'));
    await userEvent.type(within(dialog).getByLabelText('Base price in USD'), '100');
    expect(within(dialog).getByLabelText('Base price in EUR')).toHaveValue(50);
    await userEvent.type(within(dialog).getByLabelText('Tags', { selector: 'input' }), ' new {Enter}{Enter}');
    expect(within(dialog).getAllByRole('button', { name: /^Remove new$/ })).toHaveLength(1);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Next tab' }));
    expect(within(dialog).getByRole('tab', { name: 'variants' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.type(within(dialog).getByLabelText('Variant name'), 'Length');
    await userEvent.type(within(dialog).getByLabelText('Option name'), '40 cm');
    await userEvent.type(within(dialog).getByLabelText('Price increase in EUR'), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Option' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Variant' }));
    expect(within(dialog).getByRole('region', { name: 'Variant Length' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Next tab' }));
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Gold' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next tab' }));
    await userEvent.upload(within(dialog).getByLabelText('Upload images'), [png('a.png'), png('b.JPG'), new File(['x'], 'notes.txt')], { applyAccept: false });
    expect(within(dialog).getAllByRole('img')).toHaveLength(2);
    expect(await screen.findByText('Only .jpg, .png, .jpeg and .gif images can be added.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next tab' }));
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Summer/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));

    const call = post.mock.calls.find(([url]) => url === '/product')!;
    const form = call[1] as FormData;
    expect(call[2]).toEqual({ headers: { 'Content-Type': 'multipart/form-data' } });
    expect(form.get('title')).toBe('Pearl Necklace');
    expect(JSON.parse(form.get('basePrice') as string)).toEqual([{ currType: 'usd', amount: 100 }, { currType: 'eur', amount: 50 }]);
    expect(JSON.parse(form.get('tags') as string)).toEqual(['new']);
    expect(JSON.parse(form.get('filterOptions') as string)).toEqual(['o1']);
    expect(JSON.parse(form.get('discounts') as string)).toEqual(['d1']);
    expect(JSON.parse(form.get('variants') as string)).toEqual([
      // The blank dollar increase is left out: +€5 with no dollar amount is not sold in dollars, never at +$0.
      { type: 'Length', options: [{ name: '40 cm', isActive: true, inStock: true, incRate: [{ currType: 'eur', amount: 5 }] }] },
    ]);
    expect((form.getAll('images') as File[]).map((f) => f.name)).toEqual(['a.png', 'b.JPG']);
    expect(await screen.findByText('Product Added Successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(post.mock.calls.filter(([url]) => String(url).startsWith('/product/filter')).length).toBeGreaterThan(1);
  }, 30000);

  it('stays silent when the rates fail, and a camera error is only logged', async () => {
    jest.spyOn(api, 'post').mockImplementation(routeCalls({ '/product/filter': empty }));
    jest.spyOn(api, 'get').mockImplementation(routeCalls({}));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: jest.fn(() => Promise.reject(new Error('denied'))) } });
    renderAdmin(<ProductsPage />);
    const dialog = await openAdd();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    await userEvent.type(within(dialog).getByLabelText('Base price in USD'), '10');
    expect(within(dialog).getByLabelText('Base price in EUR')).toHaveValue(null);
    await goTo(dialog, 'images');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use camera' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Camera error', expect.any(Error)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  }, 20000);
});

describe('AddProductModal: Save as draft (issue 19)', () => {
  it('saves the same form with published=false, from any tab, after the same checks', async () => {
    const post = jest.spyOn(api, 'post').mockImplementation(routeCalls({ '/product/filter': empty, '/product': () => ok({ _id: 'p9', published: false }, 201) }));
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/rates/USD': { base: 'USD', rates: { EUR: 0.5 } }, '/filter': [], '/discounts': [] }));
    renderAdmin(<ProductsPage />);
    const dialog = await openAdd();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save as draft' }));
    expect(await within(dialog).findByText('Please enter a valid title')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Moon Pendant');
    await goTo(dialog, 'images');
    await userEvent.upload(within(dialog).getByLabelText('Upload images'), [png('a.png')]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/product', expect.any(FormData), expect.anything()));
    const form = post.mock.calls.find(([url]) => url === '/product')![1] as FormData;
    expect([form.get('title'), form.get('published')]).toEqual(['Moon Pendant', 'false']);
    expect(await screen.findByText('Draft Saved Successfully!')).toBeInTheDocument();
  });
});
