import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { api, type Product } from '@shop/shared';
import { forgetStorefrontContent } from '@shop/shared/src/storefrontContent';
import { EUR, USD, httpError, ok, product } from '../test/fixtures';
import HomePage from './HomePage';

// swiper is an ES module that jsdom does not lay out: the slider shows its slides as a list here.
jest.mock('../slider/Carousel', () => ({
  Carousel: ({ label, slides, autoplay }: { label: string; slides: ReactElement[]; autoplay?: number }) => (
    <ul aria-label={label} data-autoplay={autoplay ?? 'off'}>
      {slides.map((slide) => <li key={slide.key}>{slide}</li>)}
    </ul>
  ),
}));

const newest: Product[] = Array.from({ length: 12 }, (_, i) => product({ _id: `p${i}`, slug: `piece-${i}`, title: `Piece ${i}`, imageUrls: [`uploads/${i}.jpg`] }));

// The owner's words (issue 38, 17), as GET /api/content answers them.
const item = (heading: string, link: string, over: Record<string, string> = {}) => ({ image: '', eyebrow: 'New', heading, text: `About ${heading}.`, linkLabel: 'Shop now', link, ...over });
const CONTENT = {
  slides: [item('Timeless gold', '/shop'), item('Bridal rings', '/shop?que=ring', { linkLabel: 'Shop rings', image: 'uploads/own.jpg' }), item('Gifts', 'https://example.com/gifts', { linkLabel: 'Gift guide' })],
  banners: [
    item('15% off selected rings', '/shop?que=ring&sale=1', { linkLabel: 'Shop rings' }),
    { ...item('15% off your first order', '/shop', { linkLabel: 'Find your piece' }), code: 'AURELIA15' },
    item('Necklaces & pendants', '/shop?que=necklace%20or%20pendant', { linkLabel: 'Discover', eyebrow: '' }),
  ],
  footer: { customer: [], information: [], social: [] },
};

beforeEach(() => {
  forgetStorefrontContent();
  jest.spyOn(api, 'get').mockImplementation((url: string) => (url === '/currencies' ? ok([USD, EUR]) : url === '/content' ? ok(CONTENT) : Promise.reject(httpError(404))));
  jest.spyOn(api, 'post').mockImplementation(() => ok({ items: newest, itemCount: 40, page: 1, limit: 12 }));
});
afterEach(() => jest.restoreAllMocks());

describe('HomePage', () => {
  it("shows the owner's autoplaying hero and promos, the 12 newest products and testimonials", async () => {
    render(<MemoryRouter><HomePage /></MemoryRouter>);
    const trend = await screen.findByRole('list', { name: 'Top Trend' });
    expect(api.post).toHaveBeenCalledWith('/product/filter?limit=12&page=1', { sortBy: '-createdAt', selectedCurr: USD._id });
    expect(within(trend).getAllByTestId('product-card')).toHaveLength(12);
    expect(screen.getByRole('link', { name: 'Discovery All' })).toHaveAttribute('href', '/shop');

    const hero = screen.getByRole('list', { name: 'Featured collections' });
    expect(hero).toHaveAttribute('data-autoplay', '5000');
    expect(within(hero).getAllByRole('listitem')).toHaveLength(3);
    expect(within(hero).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Timeless gold', 'Bridal rings', 'Gifts']);
    expect(within(hero).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Shop now', '/shop'],
      ['Shop rings', '/shop?que=ring'],
      ['Gift guide', 'https://example.com/gifts'],
    ]);
    // A slide's own picture, else a newest piece's photo.
    expect([...hero.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['/uploads/0.jpg?w=480', '/uploads/own.jpg?w=480', '/uploads/2.jpg?w=480']);
    // One read of the content.
    expect((api.get as jest.Mock).mock.calls.filter(([url]) => url === '/content')).toHaveLength(1);

    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(expect.arrayContaining(['Top Trend', 'What our customers say']));
    expect(screen.getByText(/Promo code:/)).toHaveTextContent('Promo code: AURELIA15');
    // Issue 20: each banner leads to what it promises: rings on sale, necklaces and pendants both.
    const offers = within(screen.getByRole('region', { name: 'Offers' }));
    expect(offers.getByRole('link', { name: /Shop rings/ })).toHaveAttribute('href', '/shop?que=ring&sale=1');
    expect(offers.getByRole('link', { name: /Necklaces & pendants/ })).toHaveAttribute('href', '/shop?que=necklace%20or%20pendant');
    expect(screen.getByRole('list', { name: 'Customer testimonials' })).toHaveAttribute('data-autoplay', 'off');
  });

  it('loads only the first product images eagerly', async () => {
    render(<MemoryRouter><HomePage /></MemoryRouter>);
    const trend = await screen.findByRole('list', { name: 'Top Trend' });
    const images = trend.querySelectorAll('img');
    expect([...images].every((img) => img.getAttribute('loading') === 'lazy')).toBe(true);
    expect(images[0]).toHaveAttribute('width', '600');
    expect(images[0]).toHaveAttribute('height', '778');
  });
});
