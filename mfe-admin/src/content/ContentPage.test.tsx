import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@shop/shared';
import ContentPage from './ContentPage';
import { fail, ok, renderAdmin } from '../test/renderAdmin';

// Issue 38 (17): the Content page edits the shop's own words, with a preview of the draft before saving.

afterEach(() => jest.restoreAllMocks());

const slide = (heading: string, over: Record<string, unknown> = {}) => ({ image: '', eyebrow: 'New', heading, text: `About ${heading}.`, linkLabel: 'Shop now', link: '/shop', translations: {}, ...over });
const EDIT = {
  home: {
    slides: [slide('Timeless gold', { translations: { fr: { heading: "L'or intemporel" } } }), slide('Bridal rings')],
    banners: [{ ...slide('Necklaces & pendants', { linkLabel: 'Discover' }), code: '' }],
  },
  footer: {
    customer: [{ label: 'Shipping & Returns', url: '/pages/shipping-returns', translations: { fr: { label: 'Livraison et retours' } } }],
    information: [{ label: 'Customer Service', url: '/contact', translations: {} }],
    social: { instagram: 'https://www.instagram.com/aurelia', facebook: '', pinterest: '' },
  },
  pages: [
    { slug: 'shipping-returns', title: 'Shipping & Returns', body: 'Options at checkout.\n\nCancel while pending.', translations: {}, updatedAt: null },
    { slug: 'secure-shopping', title: 'Secure Shopping', body: 'Hashed passwords.', translations: {}, updatedAt: null },
    { slug: 'privacy-policy', title: 'Privacy Policy', body: 'We never sell them.', translations: {}, updatedAt: null },
  ],
  updatedAt: null,
};

const open = async () => {
  jest.spyOn(api, 'get').mockImplementation((url: string) => (url === '/content/edit' ? ok(EDIT) : fail(404)));
  const put = jest.spyOn(api, 'put').mockImplementation((url: string, body: unknown) =>
    ok(url === '/content/home' ? { ...EDIT, home: body } : url === '/content/footer' ? { ...EDIT, footer: body } : EDIT),
  );
  renderAdmin(<ContentPage />, { path: '/content' });
  await screen.findByRole('group', { name: 'Slide 1' });
  return put;
};

describe('ContentPage', () => {
  it("previews a slide's new heading before saving, in English and French, and saves it with a toast", async () => {
    const put = await open();
    const preview = screen.getByRole('complementary', { name: 'Preview' });
    const hero = within(preview).getByRole('region', { name: 'Hero preview' });
    expect(hero).toHaveTextContent('Timeless gold');
    const heading = within(screen.getByRole('group', { name: 'Slide 1' })).getByLabelText('Heading');
    await userEvent.clear(heading);
    await userEvent.type(heading, 'Winter gold');
    // The preview follows the draft; nothing is sent yet.
    expect(hero).toHaveTextContent('Winter gold');
    expect(within(preview).getByRole('heading', { name: 'Preview (not saved yet)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Home (unsaved)' })).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
    await userEvent.selectOptions(within(preview).getByLabelText('Language'), 'fr');
    expect(hero).toHaveTextContent("L'or intemporel");
    // The second slide has no French: the storefront shows its English.
    await userEvent.click(within(preview).getByRole('button', { name: 'Show slide 2' }));
    expect(hero).toHaveTextContent('Bridal rings');

    await userEvent.click(screen.getByRole('button', { name: 'Save home' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    const [url, body] = put.mock.calls[0] as [string, typeof EDIT.home];
    expect(url).toBe('/content/home');
    expect(body.slides.map((s) => s.heading)).toEqual(['Winter gold', 'Bridal rings']);
    expect(await screen.findByText('Content Saved Successfully!')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Home' })).toBeInTheDocument();
  });

  it('refuses a javascript: link before sending, beside its field, with a toast', async () => {
    const put = await open();
    const banner = screen.getByRole('group', { name: 'Banner 1' });
    const link = within(banner).getByLabelText('Button link');
    fireEvent.change(link, { target: { value: 'javascript:alert(1)' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save home' }));
    expect(await screen.findByText('Fix the highlighted fields before saving.')).toBeInTheDocument();
    expect(link).toHaveAttribute('aria-invalid', 'true');
    expect(link).toHaveAccessibleDescription('Use an http(s) address or a path of the shop, such as /shop');
    expect(put).not.toHaveBeenCalled();
  });

  it('edits the footer: an emptied account disappears from the preview; Ctrl+S saves; a refusal says so', async () => {
    const put = await open();
    await userEvent.click(screen.getByRole('tab', { name: 'Footer' }));
    const preview = within(screen.getByRole('region', { name: 'Footer preview' }));
    expect(preview.getByRole('list', { name: 'Social accounts shown' })).toHaveTextContent('Instagram');
    const instagram = screen.getByLabelText('Instagram');
    await userEvent.clear(instagram);
    expect(preview.queryByRole('list', { name: 'Social accounts shown' })).toBeNull();
    expect(preview.getByText('No social account shown.')).toBeInTheDocument();
    const label = within(screen.getByRole('group', { name: 'Customer link 1' })).getByLabelText('Label');
    await userEvent.clear(label);
    await userEvent.type(label, 'Delivery');
    expect(preview.getByText('Delivery')).toBeInTheDocument();
    fireEvent.keyDown(label, { key: 's', ctrlKey: true });
    await waitFor(() => expect(put).toHaveBeenCalledWith('/content/footer', expect.objectContaining({ social: { instagram: '', facebook: '', pinterest: '' } })));
    expect((put.mock.calls[0][1] as typeof EDIT.footer).customer[0]).toMatchObject({ label: 'Delivery', url: '/pages/shipping-returns' });
    expect(await screen.findByText('Content Saved Successfully!')).toBeInTheDocument();

    put.mockImplementation(() => fail(400, 'social.facebook: must be an http(s) address'));
    await userEvent.type(screen.getByLabelText('Facebook'), 'https://facebook.com/x');
    await userEvent.click(screen.getByRole('button', { name: 'Save footer' }));
    expect(await screen.findByText("Failed to Save Content. Social.facebook: must be an http(s) address.")).toBeInTheDocument();
  });

  it('edits a policy page with its preview', async () => {
    const put = await open();
    await userEvent.click(screen.getByRole('tab', { name: 'Policy pages' }));
    await userEvent.selectOptions(screen.getByLabelText('Page'), 'secure-shopping');
    const text = screen.getByLabelText('Text');
    await userEvent.type(text, '{Enter}{Enter}We keep no card data.');
    const preview = screen.getByRole('article', { name: 'Page preview' });
    expect(preview.querySelectorAll('p')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Save page' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/content/page/secure-shopping', { title: 'Secure Shopping', body: 'Hashed passwords.\n\nWe keep no card data.', translations: {} }));
  });

  it('says when the content could not be fetched, with a retry', async () => {
    jest.spyOn(api, 'get').mockImplementation(() => fail(500));
    renderAdmin(<ContentPage />, { path: '/content' });
    expect(await screen.findByText('Failed to fetch the content.', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
