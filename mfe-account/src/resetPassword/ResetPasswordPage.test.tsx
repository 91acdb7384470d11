import en from '../messages/en';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, sessionAtom, shopStore } from '@shop/shared';
import { answer, httpError, renderWithShop, resetSession, setSession } from '../testing/renderWithShop';
import ResetPasswordPage from './ResetPasswordPage';
import { RESET_MESSAGES } from './useResetPassword';

const renderAt = (route: string) => renderWithShop(<ResetPasswordPage />, { path: '/reset-password', route });
const location = () => screen.getByTestId('location').textContent;

async function choose(password: string, confirm = password) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('ResetPasswordPage', () => {
  beforeEach(resetSession);
  afterEach(() => jest.restoreAllMocks());

  it('sends the token and the new password, then goes to /login with a toast, signed out', async () => {
    setSession({ auth: true, name: 'Jane', role: 'customer', token: 'old' });
    const post = jest.spyOn(api, 'post').mockReturnValue(answer({ message: 'ok' }));
    renderAt('/reset-password?token=abc_DEF-123');
    await choose('a-new-secret');
    expect(post).toHaveBeenCalledWith('/user/reset-password', { token: 'abc_DEF-123', password: 'a-new-secret' });
    await waitFor(() => expect(location()).toBe('/login'));
    expect(await screen.findByText(en[RESET_MESSAGES.success])).toBeInTheDocument();
    expect(shopStore.get(sessionAtom).auth).toBe(false);
  });

  it('checks the register rule and the confirmation before sending', async () => {
    const post = jest.spyOn(api, 'post');
    renderAt('/reset-password?token=t');
    await choose('short');
    expect(screen.getByRole('alert')).toHaveTextContent('Use at least 10 characters');
    await userEvent.setup().clear(screen.getByLabelText(/^New password/));
    await choose('long-enough-1', 'long-enough-2');
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords do not match');
    expect(post).not.toHaveBeenCalled();
  });

  it("a refused link shows the server's message and a link to ask again", async () => {
    jest.spyOn(api, 'post').mockRejectedValue(httpError(400, { message: 'This reset link has already been used. Please ask for a new one.' }));
    renderAt('/reset-password?token=used');
    await choose('a-new-secret');
    await waitFor(() => expect(screen.getAllByText('This reset link has already been used. Please ask for a new one.')).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('without a token says so at once', () => {
    renderAt('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(en[RESET_MESSAGES.noToken]);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
  });

  it('a failure that is not the link keeps the form to try again', async () => {
    jest.spyOn(api, 'post').mockRejectedValue(httpError(503));
    renderAt('/reset-password?token=t');
    await choose('a-new-secret');
    await waitFor(() => expect(screen.getAllByText(en[RESET_MESSAGES.failed])).toHaveLength(2));
    expect(screen.getByRole('form', { name: 'Reset password' })).toBeInTheDocument();
  });
});
