import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { api, currenciesAtom, shopStore, type SuggestAnswer } from '@shop/shared';
import { SearchBox } from './SearchBox';
import { SUGGEST_DEBOUNCE_MS } from './useSuggestions';

// Issue 20: the header's search suggests as you type (a combobox: keys, Enter, Escape, a pause first).
const usd = { _id: 'usd', name: 'US Dollar', code: 'USD', symbol: '$' };
const eur = { _id: 'eur', name: 'Euro', code: 'EUR', symbol: '€' };
const answer: SuggestAnswer = {
  products: [
    {
      _id: 'p1', slug: 'celeste-sapphire-halo-ring', title: 'Celeste Sapphire Halo Ring', imageUrl: '/uploads/celeste.jpg', available: true,
      basePrice: [{ currType: 'usd', amount: 640 }, { currType: 'eur', amount: 590 }],
      discounts: [{ _id: 'd', title: 'Sale', discountType: 'percentage', timeLimit: new Date(Date.now() + 86_400_000).toISOString(), value: [{ currType: 'usd', amount: 10 }, { currType: 'eur', amount: 10 }] }],
    },
    { _id: 'p2', slug: 'teardrop-sapphire-pendant', title: 'Teardrop Sapphire Pendant', imageUrl: null, available: true, basePrice: [{ currType: 'usd', amount: 260 }], discounts: [] },
  ],
  options: [{ filter: 'Stone', filterId: 'f1', option: 'Sapphire', optionId: 'o-sapphire' }],
};

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

let get: jest.SpyInstance;
beforeEach(() => {
  jest.useFakeTimers();
  shopStore.set(currenciesAtom, [usd, eur]);
  // The currencies the page already has (the header loads them once).
  get = jest.spyOn(api, 'get').mockImplementation(async (url: string) => ({ data: url.startsWith('/product/suggest') ? answer : shopStore.get(currenciesAtom), status: 200 }));
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const renderBox = (path = '/') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <SearchBox />
      <Where />
    </MemoryRouter>,
  );
const box = () => screen.getByRole('combobox', { name: 'Search products' });
const suggestCalls = () => get.mock.calls.filter(([url]) => String(url).startsWith('/product/suggest'));
async function type(text: string) {
  fireEvent.change(box(), { target: { value: text } });
  await act(async () => {
    jest.advanceTimersByTime(SUGGEST_DEBOUNCE_MS);
  });
}
const key = (k: string) => fireEvent.keyDown(box(), { key: k });

describe('header search suggestions', () => {
  // Issue 38: an answer that found nothing says so, instead of showing nothing.
  it('says "No matches" once the answer for what is typed found nothing, and nothing while it is coming', async () => {
    get.mockImplementation(async (url: string) => ({ data: url.startsWith('/product/suggest') ? { products: [], options: [] } : shopStore.get(currenciesAtom), status: 200 }));
    renderBox();
    fireEvent.change(box(), { target: { value: 'zzxq' } });
    expect(screen.queryByText('No matches')).not.toBeInTheDocument();
    await type('zzxq');
    expect(await screen.findByText('No matches')).toHaveAttribute('role', 'status');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    fireEvent.change(box(), { target: { value: 'zzxqw' } });
    expect(screen.queryByText('No matches')).not.toBeInTheDocument();
    key('Escape');
  });

  it('asks once typing pauses, from the second character, and lists products with photo and sale price, then filter options', async () => {
    renderBox();
    fireEvent.change(box(), { target: { value: 's' } });
    await act(async () => {
      jest.advanceTimersByTime(1_000);
    });
    expect(suggestCalls()).toHaveLength(0);
    expect(box()).toHaveAttribute('aria-expanded', 'false');

    fireEvent.change(box(), { target: { value: 'sa' } });
    fireEvent.change(box(), { target: { value: 'sap' } });
    await act(async () => {
      jest.advanceTimersByTime(SUGGEST_DEBOUNCE_MS - 10);
    });
    expect(suggestCalls()).toHaveLength(0);
    await type('saph');
    expect(suggestCalls().map(([url]) => url)).toEqual(['/product/suggest?q=saph']);

    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAttribute('aria-controls', list.id);
    const products = within(list).getByRole('group', { name: 'Products' });
    const [celeste, teardrop] = within(products).getAllByRole('option');
    expect(celeste).toHaveTextContent('Celeste Sapphire Halo Ring');
    // $640 with 10 % off: the original struck through, the sale price, in the selected currency.
    expect(celeste).toHaveTextContent('$640.00');
    expect(celeste).toHaveTextContent('$576.00');
    expect(celeste.querySelector('img')).toHaveAttribute('src', expect.stringContaining('/uploads/celeste.jpg'));
    expect(teardrop).toHaveTextContent('$260.00');
    const filters = within(list).getByRole('group', { name: 'Filters' });
    expect(within(filters).getByRole('option')).toHaveTextContent('SapphireStone');
  });

  it('moves with Down and Up (wrapping through the box), and Enter opens the product or the filtered shop', async () => {
    renderBox();
    await type('saph');
    await screen.findByRole('listbox');
    const options = screen.getAllByRole('option');
    key('ArrowDown');
    expect(box()).toHaveAttribute('aria-activedescendant', options[0].id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    key('ArrowDown');
    key('ArrowDown');
    expect(box()).toHaveAttribute('aria-activedescendant', options[2].id);
    key('ArrowDown');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    key('ArrowUp');
    expect(box()).toHaveAttribute('aria-activedescendant', options[2].id);
    key('Enter');
    expect(screen.getByTestId('where')).toHaveTextContent('/shop?options=o-sapphire');
    expect(box()).toHaveAttribute('aria-expanded', 'false');

    await type('saphi');
    await screen.findByRole('listbox');
    key('ArrowUp');
    key('ArrowUp');
    key('ArrowUp');
    key('Enter');
    expect(screen.getByTestId('where')).toHaveTextContent('/celeste-sapphire-halo-ring');
  });

  it('Enter with no option chosen searches the shop for what was typed', async () => {
    renderBox();
    await type('sapph ring');
    await screen.findByRole('listbox');
    fireEvent.submit(box().closest('form')!);
    expect(screen.getByTestId('where')).toHaveTextContent('/shop?que=sapph%20ring');
  });

  it('Escape closes the list and keeps the text; typing opens it again; a click chooses', async () => {
    renderBox();
    await type('saph');
    await screen.findByRole('listbox');
    key('ArrowDown');
    key('Escape');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    expect(box()).toHaveValue('saph');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await type('sapp');
    fireEvent.click(await screen.findByRole('option', { name: /Teardrop Sapphire Pendant/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/teardrop-sapphire-pendant');
  });

  it('prices in the currency the shopper chose; Not Available without a price there', async () => {
    shopStore.set(currenciesAtom, [eur, usd]);
    renderBox();
    await type('saph');
    const [celeste, teardrop] = within(await screen.findByRole('group', { name: 'Products' })).getAllByRole('option');
    expect(celeste).toHaveTextContent('€531.00');
    expect(teardrop).toHaveTextContent('Not Available');
  });
});
