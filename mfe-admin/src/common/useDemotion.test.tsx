import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { api, ApiCallError, sessionAtom, shopStore, signedOutSession, ToastArea, useLocation } from '@shop/shared';
import FetchMock from '@shop/shared/src/test/fetchMock';
import { DEMOTED_MESSAGE, useDemotion } from './useDemotion';

function Where() {
  return <p>at {useLocation().pathname}</p>;
}
function Dashboard() {
  useDemotion();
  return <Where />;
}

function renderAt(session: Partial<typeof signedOutSession>) {
  act(() => shopStore.set(sessionAtom, { ...signedOutSession, auth: true, role: 'admin', name: 'Admin', token: 't', ...session }));
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route path="/dashboard" element={<Dashboard />} />
        <Route path="/" element={<p>the storefront</p>} />
      </Routes>
      <ToastArea />
    </MemoryRouter>,
  );
}

describe('useDemotion (issue 19)', () => {
  it('a 403 on an admin call for an admin demoted meanwhile: the session says customer and the storefront opens', async () => {
    const server = new FetchMock();
    server.reply('/api/report', 403, { message: 'Admins only' });
    server.reply('/api/user/me', 200, { _id: 'u1', fullName: 'Admin', email: 'a@b.c', contact: '1', role: 'customer', isSuperAdmin: false });
    renderAt({});
    expect(screen.getByText('at /dashboard')).toBeInTheDocument();
    await expect(api.get('/report')).rejects.toBeInstanceOf(ApiCallError);
    expect(await screen.findByText('the storefront')).toBeInTheDocument();
    expect(shopStore.get(sessionAtom)).toMatchObject({ auth: true, role: 'customer', token: 't' });
    expect(await screen.findByText(DEMOTED_MESSAGE)).toBeInTheDocument();
  });

  it("a plain admin refused a super admin's action stays where they are", async () => {
    const server = new FetchMock();
    server.reply('/api/user/u2', 403, { message: 'Super admins only' });
    server.reply('/api/user/me', 200, { _id: 'u1', fullName: 'Admin', email: 'a@b.c', contact: '1', role: 'admin', isSuperAdmin: false });
    renderAt({ isSuperAdmin: true });
    await expect(api.delete('/user/u2')).rejects.toBeInstanceOf(ApiCallError);
    // The flag follows the server; the page stays.
    await waitFor(() => expect(shopStore.get(sessionAtom).isSuperAdmin).toBe(false));
    expect(screen.getByText('at /dashboard')).toBeInTheDocument();
    expect(shopStore.get(sessionAtom).role).toBe('admin');
  });
});
