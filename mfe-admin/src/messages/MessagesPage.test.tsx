import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, type ContactMessage } from '@shop/shared';
import MessagesPage from './MessagesPage';
import { fail, ok, renderAdmin, routeCalls } from '../test/renderAdmin';

const message = (over: Partial<ContactMessage>): ContactMessage => ({
  _id: 'c1', name: 'Ada Lovelace', email: 'ada@example.com', message: 'Do you engrave rings?\nIn gold.', read: false, createdAt: '2026-03-04T10:15:00.000Z', ...over,
});
const list = [message({}), message({ _id: 'c2', name: 'Bea', email: 'bea+shop@example.com', message: 'Thanks!', read: true })];

afterEach(() => jest.restoreAllMocks());

const rowOf = (name: string) => screen.getAllByRole('row').find((r) => within(r).queryByText(name))!;

describe('MessagesPage', () => {
  it('lists the contact messages newest first: date, who, message, read or unread; pages by 20', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/contact': (url: string) => ({ items: url.includes('page=2') ? [message({ _id: 'c9', name: 'Old Writer' })] : list, itemCount: 21, page: 1, limit: 20 }) }));
    renderAdmin(<MessagesPage />, { path: '/messages' });
    expect(screen.getByRole('heading', { name: 'Messages' })).toBeInTheDocument();
    await screen.findByText('Ada Lovelace');
    expect(get).toHaveBeenCalledWith('/contact?page=1&limit=20');
    const cells = within(rowOf('Ada Lovelace')).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(1, 4)).toEqual(['Ada Lovelaceada@example.com', 'Do you engrave rings?\nIn gold.', 'Unread']);
    expect(within(rowOf('Bea')).getByText('Read')).toBeInTheDocument();
    expect(screen.getByText(/21 messages from the contact form; 1 unread on this page/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Old Writer')).toBeInTheDocument();
  });

  it('answers by e-mail with a mailto: link to the writer, the message quoted', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/contact': { items: list, itemCount: 2, page: 1, limit: 20 } }));
    renderAdmin(<MessagesPage />, { path: '/messages' });
    const reply = await screen.findByRole('link', { name: 'Reply to Bea by e-mail' });
    const href = reply.getAttribute('href')!;
    expect(href.startsWith('mailto:bea%2Bshop@example.com?subject=Re%3A%20your%20message%20to%20Aurelia%20Jewels&body=')).toBe(true);
    expect(decodeURIComponent(href.split('&body=')[1])).toMatch(/^Dear Bea,\n[\s\S]*you wrote:\n> Thanks!$/);
  });

  it('marks a message read or unread, and opening an unread one reads it', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/contact': { items: list, itemCount: 2, page: 1, limit: 20 } }));
    const patch = jest.spyOn(api, 'patch').mockImplementation((url: string, body?: unknown) => {
      const id = url.split('/').pop();
      return ok({ ...list.find((m) => m._id === id)!, ...(body as { read: boolean }) });
    });
    renderAdmin(<MessagesPage />, { path: '/messages' });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark the message from Bea unread' }));
    expect(patch).toHaveBeenCalledWith('/contact/c2', { read: false });
    expect(await within(rowOf('Bea')).findByText('Unread')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open the message from Ada Lovelace' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Message from Ada Lovelace' }));
    expect(dialog.getByText(/Do you engrave rings\?/)).toHaveTextContent('Do you engrave rings? In gold.');
    expect(dialog.getByRole('link', { name: 'Reply by e-mail' })).toHaveAttribute('href', expect.stringMatching(/^mailto:ada@example\.com\?/));
    expect(patch).toHaveBeenCalledWith('/contact/c1', { read: true });
    expect(await dialog.findByRole('button', { name: 'Mark unread' })).toBeInTheDocument();
    expect(within(rowOf('ada@example.com')).getByText('Read')).toBeInTheDocument();
  });

  it('says when a change fails, when the list cannot be read, and when there is none', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/contact': { items: list, itemCount: 2, page: 1, limit: 20 } }));
    jest.spyOn(api, 'patch').mockImplementation(() => fail());
    const { unmount } = renderAdmin(<MessagesPage />, { path: '/messages' });
    await userEvent.click(await screen.findByRole('button', { name: 'Mark the message from Ada Lovelace read' }));
    expect(await screen.findByText('Failed to update the message')).toBeInTheDocument();
    expect(within(rowOf('Ada Lovelace')).getByText('Unread')).toBeInTheDocument();
    unmount();
    jest.restoreAllMocks();

    jest.spyOn(api, 'get').mockImplementation(() => fail());
    const failed = renderAdmin(<MessagesPage />, { path: '/messages' });
    expect((await screen.findAllByText('Failed to fetch messages')).some((e) => e.tagName === 'P')).toBe(true); // the line (and its toast)
    failed.unmount();
    jest.restoreAllMocks();

    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/contact': { items: [], itemCount: 0, page: 1, limit: 20 } }));
    renderAdmin(<MessagesPage />, { path: '/messages' });
    expect(await screen.findByText('No messages yet.')).toBeInTheDocument();
  });
});
