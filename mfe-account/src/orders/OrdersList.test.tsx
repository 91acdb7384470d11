import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@shop/shared';
import { answer, httpError, renderWithShop, resetSession } from '../testing/renderWithShop';
import { makeOrder } from '../testing/orders';
import OrdersList from './OrdersList';

describe('OrdersList', () => {
  beforeEach(resetSession);
  afterEach(() => jest.restoreAllMocks());

  it('lists the orders: row number, order number, date, status, total with symbol, payment method and View', async () => {
    const get = jest.spyOn(api, 'get').mockReturnValue(answer([makeOrder(), makeOrder({ _id: 'o2', orderNumber: 'AJ-100043', status: 'delivered', paymentMethod: 'PayPal', totalPrice: 80 })]));
    renderWithShop(<OrdersList mode="customer" />);
    const rows = await screen.findAllByRole('row');
    expect(get).toHaveBeenCalledWith('/order?status=all');
    expect(within(rows[0]).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', 'Order', 'Date', 'Status', 'Total', 'Payment Method', 'Action']);
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', 'AJ-100042', 'Nov 22, 2026', 'Pending', '$1,249.50', 'Cash On Delivery', 'ViewDownload invoice']);
    expect(within(rows[2]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', 'AJ-100043', 'Nov 22, 2026', 'Delivered', '$80.00', 'PayPal', 'ViewDownload invoice']);
  });

  it('links a shipped order to its parcel on the carrier’s site (issue 38)', async () => {
    const shipment = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' };
    jest.spyOn(api, 'get').mockReturnValue(answer([makeOrder({ status: 'shipped', shipment }), makeOrder({ _id: 'o2', status: 'shipped', shipment: { carrier: 'Bob', trackingNumber: 'B-7', trackingUrl: null } })]));
    renderWithShop(<OrdersList mode="customer" />);
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]).getByRole('link', { name: 'Track parcel of order 1 with UPS (opens in a new tab)' })).toHaveAttribute('href', shipment.trackingUrl);
    expect(within(rows[2]).queryByRole('link')).not.toBeInTheDocument();
  });

  it('offers every status in the dropdown and refetches with the chosen one', async () => {
    const get = jest.spyOn(api, 'get').mockReturnValue(answer([makeOrder()]));
    renderWithShop(<OrdersList mode="admin" />);
    await screen.findByText('$1,249.50');
    const select = screen.getByLabelText('Status');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled', 'Rejected']);
    get.mockReturnValue(answer([]));
    await userEvent.selectOptions(select, 'Shipped');
    expect(get).toHaveBeenLastCalledWith('/order?status=shipped');
    expect(await screen.findByText('No orders available yet.')).toBeInTheDocument();
  });

  it('says when there are no orders yet', async () => {
    jest.spyOn(api, 'get').mockReturnValue(answer([]));
    renderWithShop(<OrdersList mode="customer" />);
    expect(await screen.findByText('No orders available yet.')).toBeInTheDocument();
  });

  it('says when the orders could not be fetched, inline and in a toast', async () => {
    jest.spyOn(api, 'get').mockRejectedValue(httpError(500));
    renderWithShop(<OrdersList mode="customer" />);
    await waitFor(() => expect(screen.getAllByText('Failed to fetch orders.')).toHaveLength(2));
    expect(screen.queryByText('No orders available yet.')).not.toBeInTheDocument();
  });

  it('opens the details of an order with View, and updates the row after a cancel', async () => {
    const pending = makeOrder();
    jest.spyOn(api, 'get').mockImplementation((url: string) => answer(url === '/order' ? [pending] : [pending]) as never);
    jest.spyOn(api, 'patch').mockReturnValue(answer({ ...pending, status: 'cancelled' }));
    renderWithShop(<OrdersList mode="customer" />);
    await userEvent.click(await screen.findByRole('button', { name: 'View order 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order Details' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Cancel order' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel order' }));
    await waitFor(() => expect(within(dialog).getByTestId('order-status')).toHaveTextContent('Cancelled'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(screen.getAllByRole('row')[1]).getAllByRole('cell')[3]).toHaveTextContent('Cancelled');
  });

  it('downloads a placed order’s invoice as a PDF through the API client (issue 39); an order without one offers none', async () => {
    const pdf = new Blob(['%PDF-1.3'], { type: 'application/pdf' });
    const get = jest.spyOn(api, 'get').mockImplementation(((url: string) => answer(url.endsWith('invoice.pdf') ? pdf : [makeOrder(), makeOrder({ _id: 'o2', invoiceNumber: null })])) as never);
    const created: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:invoice';
    });
    URL.revokeObjectURL = jest.fn();
    const clicked: Array<{ href: string; download: string }> = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    renderWithShop(<OrdersList mode="customer" />);
    const rows = await screen.findAllByRole('row');
    expect(within(rows[2]).queryByRole('button', { name: /invoice/ })).not.toBeInTheDocument();
    await userEvent.click(within(rows[1]).getByRole('button', { name: 'Download invoice INV-2026-000042' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:invoice', download: 'INV-2026-000042.pdf' }]));
    expect(get).toHaveBeenCalledWith('/order/o1/invoice.pdf', { responseType: 'blob' });
    expect(created).toEqual([pdf]);
  });

  it('says so when the invoice could not be downloaded', async () => {
    jest.spyOn(api, 'get').mockImplementation(((url: string) => (url.endsWith('invoice.pdf') ? Promise.reject(httpError(500)) : answer([makeOrder()]))) as never);
    renderWithShop(<OrdersList mode="customer" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Download invoice INV-2026-000042' }));
    expect(await screen.findByText('The document could not be downloaded. Please try again.')).toBeInTheDocument();
  });

  it('speaks French on a French page: headers, status, money, payment, the details modal (issue 37)', async () => {
    jest.spyOn(api, 'get').mockReturnValue(answer([makeOrder()]));
    renderWithShop(<OrdersList mode="customer" />, { path: '/fr/my-account/orders' });
    const rows = await screen.findAllByRole('row');
    expect(within(rows[0]).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', 'Commande', 'Date', 'Statut', 'Total', 'Mode de paiement', 'Action']);
    const cells = within(rows[1]).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(3)).toEqual(['En attente', '1\u202f249,50\u00a0$', 'Paiement à la livraison', 'VoirTélécharger la facture']);
    expect(cells[2]).toBe('22 nov. 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Voir la commande 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Détail de la commande' });
    expect(await within(dialog).findByRole('button', { name: 'Annuler la commande' })).toBeInTheDocument();
    expect(within(dialog).getByText('Sous-total')).toBeInTheDocument();
  });
});
