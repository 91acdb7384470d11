import en from '../messages/en';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@shop/shared';
import { answer, httpError, renderWithShop, resetSession } from '../testing/renderWithShop';
import ForgotPasswordPage from './ForgotPasswordPage';
import { FORGOT_MESSAGES } from './useForgotPassword';

const renderPage = () => renderWithShop(<ForgotPasswordPage />, { path: '/forgot-password' });

describe('ForgotPasswordPage', () => {
  beforeEach(resetSession);
  afterEach(() => jest.restoreAllMocks());

  it('sends the address and always says the same thing after', async () => {
    const post = jest.spyOn(api, 'post').mockReturnValue(answer({ message: 'x' }));
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), '  jane@shop.local ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(post).toHaveBeenCalledWith('/user/forgot-password', { email: 'jane@shop.local' });
    expect(await screen.findByText(en[FORGOT_MESSAGES.sent])).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
  });

  it('asks for an address before sending anything', async () => {
    const post = jest.spyOn(api, 'post');
    renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByRole('alert')).toHaveTextContent(en[FORGOT_MESSAGES.emailRequired]);
    await user.type(screen.getByLabelText('Email address'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(post).not.toHaveBeenCalled();
  });

  it("says the server's words when throttled, and keeps the form", async () => {
    jest.spyOn(api, 'post').mockRejectedValue(httpError(429, { message: 'Too many attempts. Please try again later.' }));
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'jane@shop.local');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(screen.getAllByText('Too many attempts. Please try again later.')).toHaveLength(2));
    expect(screen.getByRole('form', { name: 'Forgot password' })).toBeInTheDocument();
  });

  it('asks to try again when the shop cannot be reached', async () => {
    jest.spyOn(api, 'post').mockRejectedValue(httpError(500));
    renderPage();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'jane@shop.local');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(screen.getAllByText(en[FORGOT_MESSAGES.failed])).toHaveLength(2));
  });
});
