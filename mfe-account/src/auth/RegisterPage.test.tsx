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
    for (const label of ['Full name', 'Email address', 'Contact number', 'Password (at least 10 characters)', 'Confirm password']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByText(/Your personal data will be used/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/privacy-&-policy');
    expect(screen.getByRole('link', { name: 'Already have account?' })).toHaveAttribute('href', '/login');
  });

  // Issue 38: each field says what is wrong beside it; SPEC's toast still shows.
  it('refuses a password shorter than 10 characters, saying so beside the field, with the toast', async () => {
    const post = jest.spyOn(api, 'post');
    await fill('password');
    expect(await screen.findByText('Use at least 10 characters')).toBeInTheDocument();
    expect(await screen.findByText('Please enter a valid password')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Password/)).toHaveFocus();
    expect(post).not.toHaveBeenCalled();
  });

  it('refuses one of the most used passwords', async () => {
    const post = jest.spyOn(api, 'post');
    await fill('Password123');
    expect(await screen.findByText('This password is one of the most used: choose another')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('refuses a confirmation that differs from the password, at the confirmation', async () => {
    const post = jest.spyOn(api, 'post');
    await fill('longenough1', 'longenough2');
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
    expect(await screen.findByText('Please enter a valid password')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'false');
    expect(post).not.toHaveBeenCalled();
  });

  it('an empty form marks every field, the keyboard on the first', async () => {
    const post = jest.spyOn(api, 'post');
    renderWithShop(<RegisterPage />, { path: '/register' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Register' }));
    for (const label of ['Full name', 'Email address', 'Contact number', /^Password/]) expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter your full name')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Full name')).toHaveFocus());
    expect(post).not.toHaveBeenCalled();
  });

  it('an address without a domain (test@bad) is refused beside its field', async () => {
    const post = jest.spyOn(api, 'post');
    renderWithShop(<RegisterPage />, { path: '/register' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Full name'), person.fullName);
    await user.type(screen.getByLabelText('Email address'), 'test@bad');
    await user.type(screen.getByLabelText('Contact number'), person.contact);
    await user.type(screen.getByLabelText(/^Password/), 'longenough1');
    await user.type(screen.getByLabelText('Confirm password'), 'longenough1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    expect(post).not.toHaveBeenCalled();
  });

  it("the server's field errors go beside their fields, with SPEC's toast", async () => {
    jest.spyOn(api, 'post').mockRejectedValue(httpError(400, { message: 'password: nope', fields: { password: 'This password is one of the most used: choose another' } }));
    await fill('longenough1');
    expect(await screen.findByText('This password is one of the most used: choose another')).toBeInTheDocument();
    expect(await screen.findByText('Failed to register. Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('on a French page the server’s French field error shows beside its field (issue 37: the API answers in the page’s language)', async () => {
    // The words the API sends a French page (api/src/lib/serverTexts.ts; serverTexts.test.ts asks the real API).
    jest.spyOn(api, 'post').mockRejectedValue(httpError(400, { message: 'Saisissez une adresse e-mail valide', fields: { email: 'Saisissez une adresse e-mail valide' } }));
    renderWithShop(<RegisterPage />, { path: '/fr/register' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nom complet'), 'Léa Martin');
    await user.type(screen.getByLabelText('Adresse e-mail'), 'lea@example.com');
    await user.type(screen.getByLabelText('Numéro de téléphone'), '0612345678');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'bracelet-or-rose');
    await user.type(screen.getByLabelText('Confirmez le mot de passe'), 'bracelet-or-rose');
    await user.click(screen.getByRole('button', { name: 'Créer un compte' }));
    const email = screen.getByLabelText('Adresse e-mail');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Saisissez une adresse e-mail valide');
    expect(await screen.findByText("L'inscription n'a pas abouti. Veuillez réessayer.")).toBeInTheDocument();
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
