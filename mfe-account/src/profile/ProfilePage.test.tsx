import en from '../messages/en';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, sessionAtom, shopStore, type Profile } from '@shop/shared';
import { answer, httpError, renderWithShop, resetSession, setSession } from '../testing/renderWithShop';
import ProfilePage from './ProfilePage';
import { PROFILE_MESSAGES } from './useProfile';

const jane: Profile = { _id: 'u1', fullName: 'Jane Doe', email: 'jane@shop.local', contact: '5550100001', role: 'customer', isSuperAdmin: false, permissions: [], twoFactor: false, twoFactorRequired: false, recoveryCodesLeft: 0 };
const renderPage = () => renderWithShop(<ProfilePage />, { path: '/my-account/profile' });
const detailsForm = () => screen.findByRole('form', { name: 'Your details' });
const passwordForm = () => screen.getByRole('form', { name: 'Change password' });

/** GET answers: the profile, and (issue 42) an empty list of sessions for the Sessions section. */
const profileOr = (profile: unknown) => ((url: string) => (url.endsWith('/sessions') ? answer([]) : answer(profile))) as never;

describe('ProfilePage', () => {
  beforeEach(() => {
    resetSession();
    setSession({ auth: true, name: 'Jane Doe', role: 'customer', token: 't' });
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the details, the password form and Profile current in the account nav', async () => {
    const get = jest.spyOn(api, 'get').mockImplementation(profileOr(jane));
    renderPage();
    const form = await detailsForm();
    expect(get).toHaveBeenCalledWith('/user/me');
    expect(within(form).getByLabelText('Full name')).toHaveValue('Jane Doe');
    expect(within(form).getByLabelText('Contact number')).toHaveValue('5550100001');
    expect(within(form).getByText('jane@shop.local')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save changes' })).toBeDisabled();
    const nav = screen.getByRole('navigation', { name: 'My account' });
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    expect(within(passwordForm()).getByLabelText('Current password')).toHaveAttribute('autocomplete', 'current-password');
  });

  it('saves a new name and contact; the header name follows', async () => {
    jest.spyOn(api, 'get').mockImplementation(profileOr(jane));
    const put = jest.spyOn(api, 'put').mockReturnValue(answer({ ...jane, fullName: 'Jane Smith', contact: '5550109999' }));
    renderPage();
    const form = await detailsForm();
    const user = userEvent.setup();
    await user.clear(within(form).getByLabelText('Full name'));
    await user.type(within(form).getByLabelText('Full name'), ' Jane Smith ');
    await user.clear(within(form).getByLabelText('Contact number'));
    await user.type(within(form).getByLabelText('Contact number'), '5550109999');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(put).toHaveBeenCalledWith('/user/me', { fullName: 'Jane Smith', contact: '5550109999' });
    expect(await screen.findByText(en[PROFILE_MESSAGES.saved])).toBeInTheDocument();
    expect(shopStore.get(sessionAtom).name).toBe('Jane Smith');
    expect(within(form).getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('checks the fields, and says when the contact belongs to another account', async () => {
    jest.spyOn(api, 'get').mockImplementation(profileOr(jane));
    const put = jest.spyOn(api, 'put').mockRejectedValue(httpError(409, { message: 'User already exists' }));
    renderPage();
    const form = await detailsForm();
    const user = userEvent.setup();
    await user.clear(within(form).getByLabelText('Contact number'));
    await user.type(within(form).getByLabelText('Contact number'), 'call me');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(within(form).getByText(en[PROFILE_MESSAGES.contactInvalid])).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
    await user.clear(within(form).getByLabelText('Contact number'));
    await user.type(within(form).getByLabelText('Contact number'), '5550100002');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getAllByText(en[PROFILE_MESSAGES.contactTaken])).toHaveLength(2));
  });

  it('changes the password with the current one, then clears the form', async () => {
    jest.spyOn(api, 'get').mockImplementation(profileOr(jane));
    const put = jest.spyOn(api, 'put').mockReturnValue(answer({ message: 'Password changed' }));
    renderPage();
    const user = userEvent.setup();
    const form = passwordForm();
    await user.type(within(form).getByLabelText('Current password'), 'customer123');
    await user.type(within(form).getByLabelText(/^New password/), 'a-better-one');
    await user.type(within(form).getByLabelText('Confirm new password'), 'a-better-one');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(put).toHaveBeenCalledWith('/user/me/password', { currentPassword: 'customer123', newPassword: 'a-better-one' });
    expect(await screen.findByText(en[PROFILE_MESSAGES.passwordChanged])).toBeInTheDocument();
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
  });

  it('a wrong current password is said next to it; a short or unconfirmed new one is not sent', async () => {
    jest.spyOn(api, 'get').mockImplementation(profileOr(jane));
    const put = jest.spyOn(api, 'put').mockRejectedValue(httpError(400, { message: 'Your current password is not correct' }));
    renderPage();
    const user = userEvent.setup();
    const form = passwordForm();
    await user.type(within(form).getByLabelText('Current password'), 'wrong-one');
    await user.type(within(form).getByLabelText(/^New password/), 'short');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('Use at least 10 characters')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/^New password/), '-enough');
    await user.type(within(form).getByLabelText('Confirm new password'), 'different1');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(put).not.toHaveBeenCalled();
    await user.clear(within(form).getByLabelText('Confirm new password'));
    await user.type(within(form).getByLabelText('Confirm new password'), 'short-enough');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getAllByText('Your current password is not correct')).toHaveLength(2));
  });

  it('says when the profile could not be fetched', async () => {
    jest.spyOn(api, 'get').mockRejectedValue(httpError(500));
    renderPage();
    await waitFor(() => expect(screen.getAllByText(en[PROFILE_MESSAGES.loadFailed])).toHaveLength(2));
  });

  it("the account nav's Logout ends the session on the server, then signs out, even when that call fails", async () => {
    jest.spyOn(api, 'get').mockImplementation(profileOr(jane));
    const post = jest.spyOn(api, 'post').mockRejectedValue(httpError(503));
    renderPage();
    const nav = screen.getByRole('navigation', { name: 'My account' });
    await userEvent.setup().click(within(nav).getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(post).toHaveBeenCalledWith('/user/logout');
    expect(shopStore.get(sessionAtom).auth).toBe(false);
  });
});
