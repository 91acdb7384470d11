import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { api, ApiCallError } from '@shop/shared';
import { PolicyPage } from './PolicyPage';

// Issue 38 (17): a policy page shows the owner's title and text (GET /api/content/page/:slug), as paragraphs.

afterEach(() => jest.restoreAllMocks());

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/pages/:slug" element={<PolicyPage />} />
        <Route path="/privacy-policy" element={<PolicyPage slug="privacy-policy" />} />
      </Routes>
    </MemoryRouter>,
  );

describe('PolicyPage', () => {
  it("shows the owner's title and paragraphs, and names the tab after it", async () => {
    const get = jest.spyOn(api, 'get').mockResolvedValue({ data: { slug: 'shipping-returns', title: 'Delivery & returns', body: 'We ship in two days.\n\nWrite to us to return a piece.\nWithin a month.', updatedAt: null }, status: 200 });
    at('/pages/shipping-returns');
    expect(await screen.findByRole('heading', { level: 1, name: 'Delivery & returns' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/content/page/shipping-returns');
    expect([...document.querySelectorAll('article p')].map((p) => p.textContent)).toEqual(['We ship in two days.', 'Write to us to return a piece.\nWithin a month.']);
    expect(document.title).toMatch(/^Delivery & returns/);
  });

  it('reads the privacy policy at its own address', async () => {
    const get = jest.spyOn(api, 'get').mockResolvedValue({ data: { slug: 'privacy-policy', title: 'Privacy Policy', body: 'We never sell them.', updatedAt: null }, status: 200 });
    at('/privacy-policy');
    expect(await screen.findByText('We never sell them.')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/content/page/privacy-policy');
  });

  it('is the 404 page for a page the shop does not have, asking nothing', async () => {
    const get = jest.spyOn(api, 'get');
    at('/pages/terms');
    expect(await screen.findByRole('heading', { name: 'Opps! This page Could Not Be Found!' })).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it('says when the page could not be loaded, with a retry', async () => {
    jest.spyOn(api, 'get').mockRejectedValue(new ApiCallError(undefined));
    at('/pages/secure-shopping');
    expect(await screen.findByText('We could not load this page.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
