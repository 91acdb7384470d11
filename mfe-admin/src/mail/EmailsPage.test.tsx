import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, type OutboxMail, type OutboxMailDetails } from '@shop/shared';
import EmailsPage from './EmailsPage';
import { fail, renderAdmin, routeCalls } from '../test/renderAdmin';

const mail = (over: Partial<OutboxMail>): OutboxMail => ({
  _id: 'm1', kind: 'contact-shop', to: 'shop@aurelia.local', subject: 'Contact form: message from Ada', status: 'sent', attempts: 1, lastError: null,
  createdAt: '2026-03-04T10:15:00.000Z', sentAt: '2026-03-04T10:15:01.000Z', ...over,
});
const mails = [
  mail({}),
  mail({ _id: 'm2', kind: 'order-confirmation', to: 'jane@shop.local', subject: null, status: 'pending', attempts: 3, lastError: 'connect ECONNREFUSED 127.0.0.1:25', sentAt: null }),
];
const details: OutboxMailDetails = { ...mail({}), replyTo: 'ada@example.com', html: '<p>Hello <b>shop</b></p><script>parent.alert(1)</script>', text: 'Hello shop\n-- \nAurelia' };

afterEach(() => jest.restoreAllMocks());

describe('EmailsPage', () => {
  it('lists the outbox newest first: date, to, subject and kind, status, attempts, last error; pages by 20', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/mail': (url: string) => ({ items: url.includes('page=2') ? [mail({ _id: 'm9', to: 'late@example.com' })] : mails, itemCount: 21, page: 1, limit: 20 }) }));
    renderAdmin(<EmailsPage />, { path: '/emails' });
    expect(screen.getByRole('heading', { name: 'Emails' })).toBeInTheDocument();
    const rows = (await screen.findAllByRole('row')).slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));
    expect(get).toHaveBeenCalledWith('/mail?page=1&limit=20');
    expect(rows[0].slice(1, 6)).toEqual(['shop@aurelia.local', 'Contact form: message from AdaContact message', 'Sent', '1 attempt', '—']);
    expect(rows[0][0]).toMatch(/^Mar 4, 2026 \d\d:\d\d [AP]M$/);
    expect(rows[1].slice(1, 6)).toEqual(['jane@shop.local', 'Not rendered yet' + 'Order confirmation', 'Waiting', '3 attempts', 'connect ECONNREFUSED 127.0.0.1:25']);
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('cell', { name: 'late@example.com' })).toBeInTheDocument();
  });

  it('previews one e-mail: its HTML in a sandboxed frame (no scripts), and its text', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/mail': { items: mails, itemCount: 2, page: 1, limit: 20 }, '/mail/m1': details }));
    renderAdmin(<EmailsPage />, { path: '/emails' });
    await userEvent.click(await screen.findByRole('button', { name: 'Preview the e-mail to shop@aurelia.local: Contact form: message from Ada' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Contact form: message from Ada' }));
    expect(get).toHaveBeenCalledWith('/mail/m1');
    const frame = await dialog.findByTitle("The e-mail's HTML: Contact form: message from Ada");
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', details.html);
    expect(dialog.getByText('ada@example.com')).toBeInTheDocument(); // Reply-To
    await userEvent.click(dialog.getByRole('tab', { name: 'Plain text' }));
    expect(dialog.getByText(/Hello shop/)).toHaveTextContent('Hello shop -- Aurelia');
    expect(dialog.queryByTitle(/HTML/)).not.toBeInTheDocument();
  });

  it('says when an e-mail is not sent yet, and when the outbox cannot be read', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/mail': { items: mails, itemCount: 2, page: 1, limit: 20 }, '/mail/m2': { ...mails[1], replyTo: null, html: null, text: null } }));
    renderAdmin(<EmailsPage />, { path: '/emails' });
    await userEvent.click(await screen.findByRole('button', { name: /to jane@shop\.local: Order confirmation/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Order confirmation' }));
    expect(await dialog.findByText(/Not sent yet/)).toBeInTheDocument();
    expect(dialog.getByText('connect ECONNREFUSED 127.0.0.1:25')).toBeInTheDocument();
    jest.restoreAllMocks();

    jest.spyOn(api, 'get').mockImplementation(() => fail());
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getAllByText('Failed to fetch e-mails').length).toBeGreaterThan(0));
  });

  it('says when nothing was sent yet', async () => {
    jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/mail': { items: [], itemCount: 0, page: 1, limit: 20 } }));
    renderAdmin(<EmailsPage />, { path: '/emails' });
    expect(await screen.findByText('No e-mails sent yet.')).toBeInTheDocument();
  });
});
