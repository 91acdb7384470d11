import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, type Profile } from '@shop/shared';
import { answer, renderWithShop, resetSession, setSession } from '../testing/renderWithShop';
import ProfilePage from './ProfilePage';

const jane: Profile = { _id: 'u1', fullName: 'Jane Doe', email: 'jane@shop.local', contact: '5550100001', role: 'customer', isSuperAdmin: false, permissions: [], twoFactor: false, twoFactorRequired: false, recoveryCodesLeft: 0 };

beforeEach(() => {
  resetSession();
  setSession({ auth: true, name: 'Jane Doe', role: 'customer', token: 't' });
});
afterEach(() => jest.restoreAllMocks());

test('a customer turns review request e-mails off and on from the profile (issue 41)', async () => {
  jest.spyOn(api, 'get').mockImplementation((url: string) => answer(url === '/reviews/requests' ? { on: true } : url.endsWith('/sessions') ? [] : jane));
  const put = jest.spyOn(api, 'put').mockImplementation((_url: string, body?: unknown) => answer(body));
  renderWithShop(<ProfilePage />, { path: '/my-account/profile' });
  const box = await screen.findByRole('checkbox', { name: /review my pieces/ });
  expect(box).toBeChecked();
  await userEvent.click(box);
  expect(put).toHaveBeenCalledWith('/reviews/requests', { on: false });
  await waitFor(() => expect(box).not.toBeChecked());
});
