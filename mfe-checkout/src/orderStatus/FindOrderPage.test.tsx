import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ToastArea } from '@shop/shared';
import FindOrderPage from './FindOrderPage';
import { httpError, mockApi, resetShop } from '../test/fixtures';

// What the server answers whether or not the number and the e-mail matched (it never says which).
const SAME_ANSWER = { message: 'If the order exists, its link is on its way.' };
const SENT = 'If an order with this number was placed with this e-mail, we have sent its link to that address.';

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/find-my-order']}>
      <FindOrderPage />
      <ToastArea />
    </MemoryRouter>,
  );
}

function fill(orderNumber: string, email: string) {
  fireEvent.change(screen.getByLabelText('Order number'), { target: { value: orderNumber } });
  fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'E-mail me the link' }));
}

describe('/find-my-order (issue 40)', () => {
  beforeEach(() => resetShop());

  it('sends the trimmed number and e-mail, then says the link is on its way and hides the form', async () => {
    const calls = mockApi({ 'POST /order-status/find': SAME_ANSWER });
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Find my order' })).toBeInTheDocument();
    fill('  AJ-1077 ', ' lea@guest.test ');
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(calls).toEqual([{ method: 'POST', url: '/order-status/find', body: { orderNumber: 'AJ-1077', email: 'lea@guest.test' } }]);
    expect(screen.queryByRole('button', { name: 'E-mail me the link' })).not.toBeInTheDocument();
  });

  it('says the same whether or not the order matched: nothing on the page tells them apart', async () => {
    mockApi({ 'POST /order-status/find': SAME_ANSWER });
    const matched = renderPage();
    fill('AJ-1077', 'lea@guest.test');
    const matchedText = (await screen.findByRole('status')).textContent;
    const matchedPage = matched.container.innerHTML;
    matched.unmount();

    resetShop();
    mockApi({ 'POST /order-status/find': SAME_ANSWER });
    const unmatched = renderPage();
    fill('AJ-9999', 'someone@else.test');
    expect((await screen.findByRole('status')).textContent).toBe(matchedText);
    expect(unmatched.container.innerHTML).toBe(matchedPage);
  });

  it('an empty form marks both fields and sends nothing', () => {
    const calls = mockApi({});
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me the link' }));
    const number = screen.getByLabelText('Order number');
    const email = screen.getByLabelText('E-mail');
    expect(number).toHaveAttribute('aria-invalid', 'true');
    expect(number).toHaveAccessibleDescription('This field is required');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(calls).toEqual([]);
  });

  it('an e-mail without a domain is refused beside its field, the number kept as valid', () => {
    const calls = mockApi({});
    renderPage();
    fill('AJ-1077', 'lea@guest');
    expect(screen.getByLabelText('Order number')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Enter a valid email address');
    expect(calls).toEqual([]);
  });

  it('a number of spaces only counts as empty', () => {
    const calls = mockApi({});
    renderPage();
    fill('   ', 'lea@guest.test');
    expect(screen.getByLabelText('Order number')).toHaveAccessibleDescription('This field is required');
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'false');
    expect(calls).toEqual([]);
  });

  it('a corrected form clears the earlier messages and is sent', async () => {
    const calls = mockApi({ 'POST /order-status/find': SAME_ANSWER });
    renderPage();
    fill('', 'nope');
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    fill('AJ-1077', 'lea@guest.test');
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    expect(calls).toHaveLength(1);
  });

  it("a failed request says so in the shop's words, keeps the form filled and can be sent again", async () => {
    let attempts = 0;
    const calls = mockApi({
      'POST /order-status/find': () => (++attempts === 1 ? Promise.reject(httpError(500, 'smtp down')) : Promise.resolve({ data: SAME_ANSWER, status: 200 })),
    });
    renderPage();
    fill('AJ-1077', 'lea@guest.test');
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/smtp down/)).not.toBeInTheDocument();
    expect(screen.queryByText(SENT)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Order number')).toHaveValue('AJ-1077');
    const submit = screen.getByRole('button', { name: 'E-mail me the link' });
    expect(submit).toBeEnabled();
    fireEvent.click(submit);
    expect(await screen.findByRole('status')).toHaveTextContent(SENT);
    expect(calls).toHaveLength(2);
  });

  it("a refusal (the server's 429 after too many tries) is not shown as sent", async () => {
    mockApi({ 'POST /order-status/find': () => Promise.reject(httpError(429, 'Too many requests')) });
    renderPage();
    fill('AJ-1077', 'lea@guest.test');
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(SENT)).not.toBeInTheDocument();
  });

  it("a 400 shows the server's reason", async () => {
    mockApi({ 'POST /order-status/find': () => Promise.reject(httpError(400, 'body/orderNumber must NOT have more than 40 characters')) });
    renderPage();
    fill('AJ-1077', 'lea@guest.test');
    expect(await screen.findByText('body/orderNumber must NOT have more than 40 characters')).toBeInTheDocument();
  });
});
