import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation as useRouterLocation } from 'react-router-dom';
import { Link } from '@shop/shared';
import { HtmlLang } from './HtmlLang';
import { LanguageSuggestion, SUGGESTION_KEY } from './LanguageSuggestion';
import { LanguageSwitch } from './LanguageSwitch';

/** Where the router is, as the address bar shows it. */
function Address() {
  const { pathname, search } = useRouterLocation();
  return <output aria-label="address">{pathname + search}</output>;
}

const renderAt = (path: string, extra?: React.ReactNode) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <HtmlLang />
              <LanguageSwitch />
              <Link to="/shop">Shop link</Link>
              {extra}
              <Address />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );

const address = () => screen.getByRole('status', { name: 'address' }).textContent;

describe('the language switch', () => {
  it('keeps the visitor on the same page, with its query, in the other language, and back', async () => {
    renderAt('/gold-ring?currency=eur');
    expect(document.documentElement.lang).toBe('en');
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'fr' } });
    await waitFor(() => expect(address()).toBe('/fr/gold-ring?currency=eur'));
    expect(document.documentElement.lang).toBe('fr');
    // The header's own words are French now: the switch is labelled "Langue".
    fireEvent.change(screen.getByRole('combobox', { name: 'Langue' }), { target: { value: 'en' } });
    await waitFor(() => expect(address()).toBe('/gold-ring?currency=eur'));
    expect(document.documentElement.lang).toBe('en');
  });

  it('takes the home page to /fr/ and back to /', async () => {
    renderAt('/');
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'fr' } });
    await waitFor(() => expect(address()).toBe('/fr/'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Langue' }), { target: { value: 'en' } });
    await waitFor(() => expect(address()).toBe('/'));
  });

  it("links inside the apps keep the visitor's language", () => {
    renderAt('/fr/about');
    expect(screen.getByRole('link', { name: 'Shop link' })).toHaveAttribute('href', '/fr/shop');
  });
});

describe("the first visit's suggestion", () => {
  const languages = Object.getOwnPropertyDescriptor(window.navigator, 'languages');
  const prefer = (list: string[]) => Object.defineProperty(window.navigator, 'languages', { value: list, configurable: true });
  beforeEach(() => localStorage.clear());
  afterEach(() => (languages ? Object.defineProperty(window.navigator, 'languages', languages) : delete (window.navigator as { languages?: unknown }).languages));

  it('suggests French to a French browser in a banner, without leaving the page; dismissed, it stays away', async () => {
    prefer(['fr-FR', 'en']);
    const { unmount } = renderAt('/shop', <LanguageSuggestion />);
    const banner = await screen.findByRole('region', { name: 'Language suggestion' });
    expect(banner).toHaveTextContent('This shop is also in French.');
    expect(address()).toBe('/shop');
    fireEvent.click(screen.getByRole('button', { name: 'No thanks' }));
    expect(screen.queryByRole('region', { name: 'Language suggestion' })).not.toBeInTheDocument();
    expect(localStorage.getItem(SUGGESTION_KEY)).toBe('1');
    unmount();
    renderAt('/shop', <LanguageSuggestion />);
    await waitFor(() => expect(address()).toBe('/shop'));
    expect(screen.queryByRole('region', { name: 'Language suggestion' })).not.toBeInTheDocument();
  });

  it('taken, it opens the same page in French', async () => {
    prefer(['fr']);
    renderAt('/shop?que=ring', <LanguageSuggestion />);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue in French' }));
    await waitFor(() => expect(address()).toBe('/fr/shop?que=ring'));
  });

  it('says nothing to a browser in English, or on a page already in its language', async () => {
    prefer(['en-GB']);
    const { unmount } = renderAt('/shop', <LanguageSuggestion />);
    await waitFor(() => expect(address()).toBe('/shop'));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    unmount();
    prefer(['fr-FR']);
    renderAt('/fr/shop', <LanguageSuggestion />);
    await waitFor(() => expect(address()).toBe('/fr/shop'));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
