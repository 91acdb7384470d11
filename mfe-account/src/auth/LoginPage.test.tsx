import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, sessionAtom, shopStore } from '@shop/shared';
import { answer, httpError, renderWithShop, resetSession, setSession } from '../testing/renderWithShop';
import LoginPage from './LoginPage';

const renderLogin = () => renderWithShop(<LoginPage />, { path: '/login' });
const location = () => screen.getByTestId('location').textContent;

async function fillAndSubmit(uid: string, password: string, remember = false) {
  const user = userEvent.setup();
  if (uid) await user.type(screen.getByLabelText('Username or email address'), uid);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  if (remember) await user.click(screen.getByLabelText('Remember me'));
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

/** The message is next to the form (or field) and in a toast. */
async function expectMessage(message: string, times = 2) {
  await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(times));
}

describe('LoginPage', () => {
  beforeEach(resetSession);
  afterEach(() => jest.restoreAllMocks());

  it("links to /forgot-password with 'Forgot password?'", () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('shows the fields, the remember-me flag and the link to /register', () => {
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username or email address')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Remember me')).not.toBeChecked();
    expect(screen.getByRole('link', { name: "Haven't Registered Yet?" })).toHaveAttribute('href', '/register');
  });

  it('asks for both username and password before calling the server', async () => {
    const post = jest.spyOn(api, 'post');
    renderLogin();
    await fillAndSubmit('', '');
    // next to both fields, and in the toast
    await expectMessage('Please enter your username and password', 3);
    expect(screen.getByLabelText('Username or email address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();
  });

  it('asks for the password when only the username is given', async () => {
    const post = jest.spyOn(api, 'post');
    renderLogin();
    await fillAndSubmit('jane@shop.local', '');
    await expectMessage('Please enter your username and password', 2);
    expect(screen.getByLabelText('Username or email address')).toHaveAttribute('aria-invalid', 'false');
    expect(post).not.toHaveBeenCalled();
  });

  it('says the credentials are invalid when the server refuses them', async () => {
    jest.spyOn(api, 'post').mockRejectedValue(httpError(401, { message: 'Invalid credentials' }));
    renderLogin();
    await fillAndSubmit('jane@shop.local', 'wrong-password');
    await expectMessage('Invalid credentials. Please try again.');
    expect(shopStore.get(sessionAtom).auth).toBe(false);
    expect(location()).toBe('/login');
  });

  it('says Internal server error when no token comes back', async () => {
    jest.spyOn(api, 'post').mockReturnValue(answer({ fullName: 'Jane', role: 'customer', isSuperAdmin: false }));
    renderLogin();
    await fillAndSubmit('jane@shop.local', 'customer123');
    await expectMessage('Internal server error');
    expect(shopStore.get(sessionAtom).auth).toBe(false);
  });

  it('says Internal server error when the server fails', async () => {
    jest.spyOn(api, 'post').mockRejectedValue(httpError(500, { message: 'boom' }));
    renderLogin();
    await fillAndSubmit('jane@shop.local', 'customer123');
    await expectMessage('Internal server error');
  });

  it('signs a customer in (with rememberMe) and sends them to /shop', async () => {
    const post = jest.spyOn(api, 'post').mockReturnValue(answer({ token: 'tok-1', fullName: 'Jane Doe', role: 'customer', isSuperAdmin: false }));
    renderLogin();
    await fillAndSubmit(' jane@shop.local ', 'customer123', true);
    await waitFor(() => expect(location()).toBe('/shop'));
    expect(post).toHaveBeenCalledWith('/user/login', { uid: 'jane@shop.local', password: 'customer123', rememberMe: true });
    expect(shopStore.get(sessionAtom)).toMatchObject({ auth: true, name: 'Jane Doe', role: 'customer', isSuperAdmin: false, token: 'tok-1' });
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
  });

  it('sends an admin to /dashboard', async () => {
    jest.spyOn(api, 'post').mockReturnValue(answer({ token: 'tok-2', fullName: 'Admin', role: 'admin', isSuperAdmin: true }));
    renderLogin();
    await fillAndSubmit('admin@shop.local', 'admin12345');
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(shopStore.get(sessionAtom)).toMatchObject({ auth: true, role: 'admin', isSuperAdmin: true, token: 'tok-2' });
  });

  it('submits from the keyboard (Enter in the password field)', async () => {
    const post = jest.spyOn(api, 'post').mockReturnValue(answer({ token: 't', fullName: 'J', role: 'customer', isSuperAdmin: false }));
    renderLogin();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByLabelText('Username or email address')).toHaveFocus();
    await user.keyboard('jane@shop.local');
    await user.tab();
    await user.keyboard('customer123{Enter}');
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
  });

  it('sends someone already signed in to /shop', () => {
    setSession({ auth: true, name: 'Jane', role: 'customer', token: 't' });
    renderLogin();
    expect(location()).toBe('/shop');
  });
});
