import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, type Order } from '@shop/shared';
import { answer, httpError, renderWithShop, resetSession } from '../testing/renderWithShop';
import { makeOrder } from '../testing/orders';
import OrderDetailsModal from './OrderDetailsModal';

function open(order: Order, mode: 'customer' | 'admin') {
  const get = jest.spyOn(api, 'get').mockReturnValue(answer([order]));
  const onClose = jest.fn();
  const onChanged = jest.fn();
  renderWithShop(<OrderDetailsModal orderId={order._id} mode={mode} onClose={onClose} onChanged={onChanged} />);
  return { get, onClose, onChanged };
}

const dialog = () => screen.findByRole('dialog', { name: 'Order Details' });

describe('OrderDetailsModal', () => {
  beforeEach(resetSession);
  afterEach(() => jest.restoreAllMocks());

  it('shows the address, payment method, status, item rows and totals of the order', async () => {
    const { get } = open(makeOrder(), 'customer');
    const d = await dialog();
    await within(d).findByText('Shipping address');
    expect(get).toHaveBeenCalledWith('/order/o1');
    for (const text of ['Jane Doe', '12 Rose Lane', 'Flat 3', 'Bath', 'Somerset', '10001', 'UK', 'Cash On Delivery']) {
      expect(within(d).getByText(text)).toBeInTheDocument();
    }
    expect(within(d).getByTestId('order-status')).toHaveTextContent('Pending');
    expect(within(d).getByText('Order number').nextSibling).toHaveTextContent('AJ-100042');
    expect(within(d).queryByText('Refund')).not.toBeInTheDocument();
    const rows = within(d).getAllByRole('row');
    expect(within(rows[1]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['', '$600.00', 'Pearl Drop Earrings (Gold, Small)', '2', '$1,200.00']);
    expect(within(rows[2]).getAllByRole('cell').map((c) => c.textContent)).toEqual(['', '$25.00', 'Silver Ring', '4', '$100.00']);
    expect(within(rows[1]).getByRole('link')).toHaveAttribute('href', '/pearl-drop-earrings');
    expect(rows[1].querySelector('img')).toHaveAttribute('src', '/uploads/pearl.jpg?w=160');
    expect(within(d).getByText('Sub-total').nextSibling).toHaveTextContent('$1,300.00');
    expect(within(d).getByText('Discount').nextSibling).toHaveTextContent('-$50.50');
    expect(within(d).getAllByText('Total').at(-1)!.nextSibling).toHaveTextContent('$1,249.50');
  });

  it("shows an order's coupon on its own line, the discount line without it (issue 22)", async () => {
    open(makeOrder({ totalDiscount: 245.5, coupon: { code: 'AURELIA15', amount: 195 }, totalPrice: 1054.5 }), 'customer');
    const d = await dialog();
    await within(d).findByText('Shipping address');
    const totals = within(d).getAllByRole('term').map((dt) => [dt.textContent, dt.nextSibling?.textContent]);
    expect(totals).toEqual(expect.arrayContaining([['Sub-total', '$1,300.00'], ['Discount', '-$50.50'], ['Coupon AURELIA15', '-$195.00'], ['Total', '$1,054.50']]));
    expect(totals.map(([term]) => term).slice(-4)).toEqual(['Sub-total', 'Discount', 'Coupon AURELIA15', 'Total']);
  });

  it('a card order: the back office sees what was refunded and refunds part of what is left (issue 40)', async () => {
    const order = makeOrder({ status: 'processing', paymentMethod: 'Card', totalPrice: 100 });
    const first = { totalPrice: 100, refunded: 30, refundable: 70, refunds: [{ _id: 'r1', amount: 30, status: 'refunded', reference: 're_1', createdAt: '2026-11-28T10:00:00.000Z', by: 'Ada Admin' }] };
    const after = { ...first, refunded: 55.5, refundable: 44.5, refunds: [...first.refunds, { _id: 'r2', amount: 25.5, status: 'refunded', reference: 're_2', createdAt: '2026-11-29T10:00:00.000Z', by: 'Ada Admin' }] };
    jest.spyOn(api, 'get').mockImplementation(((url: string) => answer(url === '/order/o1/refunds' ? first : [order])) as never);
    const post = jest.spyOn(api, 'post').mockReturnValue(answer(after));
    renderWithShop(<OrderDetailsModal orderId="o1" mode="admin" onClose={jest.fn()} onChanged={jest.fn()} />);
    const d = await dialog();
    expect(await within(d).findByText('Card')).toBeInTheDocument();
    expect(await within(d).findByTestId('refundable')).toHaveTextContent('$70.00');
    expect(within(d).getByText('Ada Admin')).toBeInTheDocument();
    const input = within(d).getByLabelText('Amount to refund');
    await userEvent.type(input, '70.01');
    expect(within(d).getByRole('button', { name: 'Refund' })).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, '25.50');
    await userEvent.click(within(d).getByRole('button', { name: 'Refund' }));
    expect(post).toHaveBeenCalledWith('/order/o1/refunds', { amount: 25.5 });
    await waitFor(() => expect(within(d).getByTestId('refundable')).toHaveTextContent('$44.50'));
  });

  it("shows the coupon line in the admin's order details too (issue 22)", async () => {
    open(makeOrder({ status: 'processing', totalDiscount: 245.5, coupon: { code: 'AURELIA15', amount: 195 }, totalPrice: 1054.5 }), 'admin');
    const d = await dialog();
    await within(d).findByText('Shipping address');
    expect(within(d).getByText('Coupon AURELIA15').nextSibling).toHaveTextContent('-$195.00');
    expect(within(d).getByText('Discount').nextSibling).toHaveTextContent('-$50.50');
    expect(within(d).getByLabelText('Change status')).toBeInTheDocument();
  });

  it('shows no coupon line for an order without one', async () => {
    open(makeOrder(), 'customer');
    const d = await dialog();
    await within(d).findByText('Shipping address');
    expect(within(d).queryByText(/^Coupon/)).not.toBeInTheDocument();
    expect(within(d).queryByTestId('order-coupon')).not.toBeInTheDocument();
  });

  it.each([
    ['refunded', { status: 'refunded' as const, reference: '7KD93021XB', at: '2026-11-23T09:00:00.000Z' }, ['Refunded to PayPal', 'Reference 7KD93021XB', 'Nov 23, 2026']],
    ['pending', { status: 'pending' as const, reference: null, at: '2026-11-23T09:00:00.000Z' }, ['Refund to PayPal pending']],
    ['failed', { status: 'failed' as const, reference: null, at: '2026-11-23T09:00:00.000Z' }, ['Refund to PayPal failed']],
  ])('shows a %s refund of a wallet payment (issue 17)', async (_status, refund, texts) => {
    open(makeOrder({ status: 'cancelled', paymentMethod: 'PayPal', refund }), 'customer');
    const d = await dialog();
    const shown = await within(d).findByTestId('order-refund');
    expect(within(d).getByText('Refund').nextSibling).toBe(shown);
    for (const text of texts) expect(shown).toHaveTextContent(text);
    if (refund.status !== 'refunded') expect(shown).not.toHaveTextContent('Refunded');
  });

  it('shows the refund the cancel answered with (issue 17)', async () => {
    open(makeOrder({ paymentMethod: 'PayPal' }), 'customer');
    jest.spyOn(api, 'patch').mockReturnValue(answer(makeOrder({ status: 'cancelled', paymentMethod: 'PayPal', refund: { status: 'refunded', reference: 'R-1', at: '2026-11-23T09:00:00.000Z' } })));
    const d = await dialog();
    await userEvent.click(await within(d).findByRole('button', { name: 'Cancel order' }));
    await userEvent.click(within(d).getByRole('button', { name: 'Yes, cancel order' }));
    expect(await within(d).findByTestId('order-refund')).toHaveTextContent('Refunded to PayPalReference R-1');
  });

  it('says when the order could not be fetched', async () => {
    jest.spyOn(api, 'get').mockRejectedValue(httpError(404, { message: 'Order not found' }));
    renderWithShop(<OrderDetailsModal orderId="x" mode="customer" onClose={jest.fn()} onChanged={jest.fn()} />);
    await waitFor(() => expect(screen.getAllByText('Failed to fetch order')).toHaveLength(2));
  });

  it('lets a customer cancel a pending order, after confirming', async () => {
    const { onChanged } = open(makeOrder(), 'customer');
    const patch = jest.spyOn(api, 'patch').mockReturnValue(answer(makeOrder({ status: 'cancelled' })));
    const d = await dialog();
    await userEvent.click(await within(d).findByRole('button', { name: 'Cancel order' }));
    // Issue 22: asked first, in the same modal; nothing is sent yet.
    expect(patch).not.toHaveBeenCalled();
    expect(within(d).getByRole('group', { name: 'Confirm cancel order' })).toHaveTextContent('Cancel this order? This cannot be undone.');
    await userEvent.click(within(d).getByRole('button', { name: 'Yes, cancel order' }));
    expect(patch).toHaveBeenCalledWith('/order/o1', { status: 'cancelled' });
    await waitFor(() => expect(within(d).getByTestId('order-status')).toHaveTextContent('Cancelled'));
    expect(within(d).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ _id: 'o1', status: 'cancelled' }));
    expect(await screen.findByText('Order status updated successfully!')).toBeInTheDocument();
  });

  it('tells the customer when cancelling failed, and offers the cancel again', async () => {
    const { onChanged } = open(makeOrder(), 'customer');
    jest.spyOn(api, 'patch').mockRejectedValue(httpError(409, { message: 'Only a pending order can be cancelled' }));
    const d = await dialog();
    await userEvent.click(await within(d).findByRole('button', { name: 'Cancel order' }));
    await userEvent.click(within(d).getByRole('button', { name: 'Yes, cancel order' }));
    expect(await screen.findByText('Failed to update order status. Please try again.')).toBeInTheDocument();
    expect(within(d).getByTestId('order-status')).toHaveTextContent('Pending');
    expect(onChanged).not.toHaveBeenCalled();
    expect(await within(d).findByRole('button', { name: 'Cancel order' })).toBeEnabled();
  });

  it('keeps the order when the customer thinks again', async () => {
    const { onChanged } = open(makeOrder(), 'customer');
    const patch = jest.spyOn(api, 'patch');
    const d = await dialog();
    await userEvent.click(await within(d).findByRole('button', { name: 'Cancel order' }));
    await userEvent.click(within(d).getByRole('button', { name: 'Keep order' }));
    expect(within(d).queryByRole('group', { name: 'Confirm cancel order' })).not.toBeInTheDocument();
    expect(within(d).getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();
    expect(onChanged).not.toHaveBeenCalled();
  });

  it.each(['processing', 'shipped', 'delivered', 'cancelled', 'rejected'] as const)('offers no cancel to a customer on a %s order', async (status) => {
    open(makeOrder({ status }), 'customer');
    const d = await dialog();
    await within(d).findByText('Shipping address');
    expect(within(d).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(within(d).queryByLabelText('Change status')).not.toBeInTheDocument();
  });

  it('lets an admin choose processing, shipped, delivered or rejected; Update is disabled while unchanged', async () => {
    const { onChanged } = open(makeOrder({ status: 'processing' }), 'admin');
    const d = await dialog();
    const select = await within(d).findByLabelText('Change status');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Processing', 'Shipped', 'Delivered', 'Rejected']);
    const update = within(d).getByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();
    expect(within(d).queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();

    const patch = jest.spyOn(api, 'patch').mockReturnValue(answer(makeOrder({ status: 'shipped' })));
    await userEvent.selectOptions(select, 'shipped');
    expect(update).toBeEnabled();
    await userEvent.click(update);
    expect(patch).toHaveBeenCalledWith('/order/o1', { status: 'shipped' });
    expect(await screen.findByText('Order status updated successfully!')).toBeInTheDocument();
    await waitFor(() => expect(within(d).getByTestId('order-status')).toHaveTextContent('Shipped'));
    expect(update).toBeDisabled();
    expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ status: 'shipped' }));
  });

  it('asks for the carrier and tracking number when Shipped is chosen, sends them, and shows them linked (issue 38)', async () => {
    open(makeOrder({ status: 'processing' }), 'admin');
    const d = await dialog();
    const select = await within(d).findByLabelText('Change status');
    expect(within(d).queryByLabelText('Carrier')).not.toBeInTheDocument();
    await userEvent.selectOptions(select, 'shipped');
    const group = within(d).getByRole('group', { name: 'How it travels (optional)' });
    const carrier = within(group).getByLabelText('Carrier');
    expect([...document.querySelectorAll(`#${CSS.escape(carrier.getAttribute('list')!)} option`)].map((o) => (o as HTMLOptionElement).value)).toContain('UPS');
    await userEvent.type(carrier, 'UPS');
    const tracking = within(group).getByLabelText('Tracking number');
    await userEvent.type(tracking, '1Z<9');
    expect(tracking).toHaveAttribute('aria-invalid', 'true');
    expect(tracking).toHaveAccessibleDescription('Use letters, digits, spaces and dashes only.');
    const update = within(d).getByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();
    await userEvent.clear(tracking);
    await userEvent.type(tracking, '1Z999AA10123456784');
    const shipment = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' };
    const patch = jest.spyOn(api, 'patch').mockReturnValue(answer(makeOrder({ status: 'shipped', shipment })));
    await userEvent.click(update);
    expect(patch).toHaveBeenCalledWith('/order/o1', { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect(await within(d).findByTestId('order-carrier')).toHaveTextContent('UPS');
    const link = within(within(d).getByTestId('order-tracking')).getByRole('link');
    expect(link).toHaveAttribute('href', shipment.trackingUrl);
    expect(link).toHaveTextContent('1Z999AA10123456784');
  });

  it('shows the admin who ordered: name, e-mail and phone, each a link; the shopper is not shown their own (issue 38)', async () => {
    const user = { _id: 'u1', fullName: 'Mia Lopez', email: 'mia@shop.local', phone: '+1 (555) 010-2030' };
    open(makeOrder({ user }), 'admin');
    const d = await dialog();
    expect(await within(d).findByTestId('order-email')).toHaveAttribute('href', 'mailto:mia@shop.local');
    expect(within(d).getByText('Customer').nextSibling).toHaveTextContent('Mia Lopez');
    expect(within(d).getByTestId('order-phone')).toHaveAttribute('href', 'tel:+15550102030');
    expect(within(d).getByTestId('order-phone')).toHaveTextContent('+1 (555) 010-2030');
  });

  it('says so when the account that ordered is gone (admin)', async () => {
    open(makeOrder({ user: undefined }), 'admin');
    const d = await dialog();
    expect(await within(d).findByText('Deleted account')).toBeInTheDocument();
    expect(within(d).queryByTestId('order-email')).not.toBeInTheDocument();
  });

  it('the shopper does not see the customer block', async () => {
    open(makeOrder({ user: { _id: 'u1', fullName: 'Mia Lopez', email: 'mia@shop.local', phone: '555' } }), 'customer');
    const d = await dialog();
    await within(d).findByText('Shipping address');
    expect(within(d).queryByTestId('order-email')).not.toBeInTheDocument();
  });

  it("shows the shopper a shipped order's carrier and tracking number; an unknown carrier's number is not a link (issue 38)", async () => {
    open(makeOrder({ status: 'shipped', shipment: { carrier: 'Bob’s Courier', trackingNumber: 'B-7', trackingUrl: null } }), 'customer');
    const d = await dialog();
    expect(await within(d).findByTestId('order-carrier')).toHaveTextContent('Bob’s Courier');
    expect(within(d).getByTestId('order-tracking')).toHaveTextContent('B-7');
    expect(within(within(d).getByTestId('order-tracking')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows a pending order as pending, with only the admin statuses to choose', async () => {
    open(makeOrder({ status: 'pending' }), 'admin');
    const d = await dialog();
    const select = await within(d).findByLabelText('Change status');
    expect(select).toHaveValue('pending');
    expect(within(select).getByRole('option', { name: 'Pending' })).toBeDisabled();
    expect(within(d).getByRole('button', { name: 'Update' })).toBeDisabled();
  });

  it('tells the admin when the status update failed', async () => {
    open(makeOrder({ status: 'processing' }), 'admin');
    jest.spyOn(api, 'patch').mockRejectedValue(httpError(500));
    const d = await dialog();
    await userEvent.selectOptions(await within(d).findByLabelText('Change status'), 'rejected');
    await userEvent.click(within(d).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Failed to update order status. Please try again.')).toBeInTheDocument();
    expect(within(d).getByTestId('order-status')).toHaveTextContent('Processing');
  });

  it('offers no status update once the order is cancelled, but still Delete', async () => {
    open(makeOrder({ status: 'cancelled' }), 'admin');
    const d = await dialog();
    await within(d).findByText('Shipping address');
    expect(within(d).queryByLabelText('Change status')).not.toBeInTheDocument();
    expect(within(d).queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(within(d).getByText(/can no longer be changed/)).toBeInTheDocument();
    expect(within(d).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  });

  it('lets an admin delete the order after confirming', async () => {
    const { onChanged, onClose } = open(makeOrder({ status: 'delivered' }), 'admin');
    const del = jest.spyOn(api, 'delete').mockReturnValue(answer({ message: 'Order deleted' }));
    const d = await dialog();
    await userEvent.click(await within(d).findByRole('button', { name: 'Delete' }));
    expect(del).not.toHaveBeenCalled();
    await userEvent.click(within(d).getByRole('button', { name: 'Confirm delete' }));
    expect(del).toHaveBeenCalledWith('/order/o1');
    expect(await screen.findByText('Order deleted successfully!')).toBeInTheDocument();
    expect(onChanged).toHaveBeenCalledWith();
    expect(onClose).toHaveBeenCalled();
  });

  it('tells the admin when deleting failed', async () => {
    const { onClose } = open(makeOrder({ status: 'delivered' }), 'admin');
    jest.spyOn(api, 'delete').mockRejectedValue(httpError(500));
    const d = await dialog();
    await userEvent.click(await within(d).findByRole('button', { name: 'Delete' }));
    await userEvent.click(within(d).getByRole('button', { name: 'Confirm delete' }));
    expect(await screen.findByText('Failed to delete order. Please try again.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
