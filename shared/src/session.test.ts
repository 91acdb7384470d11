import FetchMock from './test/fetchMock';
import { api } from './api';
import { SESSION_STORAGE_KEY, sessionAtom, setSelectedCurrency, shopStore, signIn, signOut } from './session';

describe('session', () => {
  beforeEach(() => {
    localStorage.clear();
    signOut();
  });

  it('persists sign-in under the key root and keeps the currency on sign-out', () => {
    setSelectedCurrency('eur');
    signIn({ name: 'Jane', role: 'customer', isSuperAdmin: false, token: 't1' });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!)).toMatchObject({ auth: true, name: 'Jane', token: 't1', selectedCurrency: 'eur' });
    signOut();
    expect(shopStore.get(sessionAtom)).toMatchObject({ auth: false, token: '', selectedCurrency: 'eur' });
  });

  it('sends the token and signs out on a 401 to a call made with it', async () => {
    const mock = new FetchMock();
    signIn({ name: 'Jane', role: 'customer', isSuperAdmin: false, token: 'secret' });
    mock.reply('/api/cart', 401, { message: 'Unauthorized' });
    await expect(api.get('/cart')).rejects.toBeTruthy();
    expect(mock.lastHeaders?.Authorization).toBe('Bearer secret');
    expect(shopStore.get(sessionAtom).auth).toBe(false);
  });

  it('keeps the session on a 401 to a call made without a token', async () => {
    const mock = new FetchMock();
    mock.reply('/api/user/login', 401, { message: 'Invalid credentials' });
    await expect(api.post('/user/login', {})).rejects.toBeTruthy();
    expect(shopStore.get(sessionAtom).auth).toBe(false);
    expect(mock.lastHeaders?.Authorization).toBeUndefined();
  });
});
