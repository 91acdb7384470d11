import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, sessionAtom, shopStore } from '@shop/shared';
import { answer, httpError, renderWithShop, resetSession, setSession } from '../testing/renderWithShop';
import RegisterPage from './RegisterPage';

const location = () => screen.getByTestId('location').textContent;
const person = { fullName: 'Ada Lovelace', email: 'ada@example.com', contact: '5550101' };

async function fill(password: string, confirmPassword = password) {
  renderWithShop(<RegisterPage />, { path: '/register' });
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Full name'), person.fullName);
  await user.type(screen.getByLabelText('Email address'), person.email);
  await user.type(screen.getByLabelText('Contact number'), person.contact);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.type(screen.getByLabelText('Confirm password'), confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

const expectMessage = (message: string) => waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));

describe('RegisterPage', () => {
  beforeEach(resetSession);
  afterEach(() => jest.restoreAllMocks());

  it('shows the fields, the privacy note and the link to /login', () => {
    renderWithShop(<RegisterPage />, { path: '/register' });
    for (const label of ['Full name', 'Email address', 'Contact number', 'Password (at least 8 characters)', 'Confirm password']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByText(/Your personal data will be used/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy-&-policy');
    expect(screen.getByRole('link', { name: 'Already have account?' })).toHaveAttribute('href', '/login');
  });

  it('refuses a password shorter than 8 characters, next to the field and in a toast', async () => {
    const post = jest.spyOn(api, 'post');
    await fill('short12');
    await expectMessage('Please enter a valid password');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();
  });

  it('refuses a confirmation that differs from the password', async () => {
    const post = jest.spyOn(api, 'post');
    await fill('longenough1', 'longenough2');
    await expectMessage('Please enter a valid password');
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();
  });

  it('says the user already exists when the server says so', async () => {
    jest.spyOn(api, 'post').mockRejectedValue(httpError(409, { message: 'User already exists' }));
    await fill('longenough1');
    await expectMessage('User already exists with email or contact');
  });

  it('says registering failed on any other error', async () => {
    jest.spyOn(api, 'post').mockRejectedValue(httpError(400, { message: 'body/email must match format "email"' }));
    await fill('longenough1');
    await expectMessage('Failed to register. Please try again.');
  });

  it('says Internal server error when no token comes back', async () => {
    jest.spyOn(api, 'post').mockReturnValue(answer({ name: 'Ada', role: 'customer', isSuperAdmin: false }));
    await fill('longenough1');
    await expectMessage('Internal server error');
    expect(shopStore.get(sessionAtom).auth).toBe(false);
  });

  it('registers, signs in and goes to /shop', async () => {
    const post = jest.spyOn(api, 'post').mockReturnValue(answer({ token: 'tok', name: 'Ada Lovelace', role: 'customer', isSuperAdmin: false }));
    await fill('longenough1');
    await waitFor(() => expect(location()).toBe('/shop'));
    expect(post).toHaveBeenCalledWith('/user/register', { ...person, password: 'longenough1' });
    expect(shopStore.get(sessionAtom)).toMatchObject({ auth: true, name: 'Ada Lovelace', role: 'customer', token: 'tok' });
    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
  });

  it('sends someone already signed in to /shop', () => {
    setSession({ auth: true, name: 'Jane', role: 'customer', token: 't' });
    renderWithShop(<RegisterPage />, { path: '/register' });
    expect(location()).toBe('/shop');
  });
});
