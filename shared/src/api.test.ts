import type { AxiosInstance } from 'axios';
import FetchMock from './test/fetchMock';
import { api, ApiCallError, apiErrorMessage, apiStatus, call, endSession, LOGOUT_WAIT_MS, onForbidden, refusalMessage, urlOf } from './api';
import { configureShop } from './config';
import { sessionAtom, shopStore, signIn, signOut } from './session';

describe('api client', () => {
  beforeEach(() => {
    localStorage.clear();
    signOut();
    configureShop({ apiUrl: '/api' });
  });

  it('sends JSON bodies to the configured API and resolves { data, status }', async () => {
    const mock = new FetchMock();
    mock.reply('/api/product/filter', 200, { items: [], itemCount: 0 });
    const answer = await api.post('/product/filter?limit=12&page=1', { sortBy: '-createdAt' });
    expect(answer).toEqual({ status: 200, data: { items: [], itemCount: 0 } });
    expect(mock.lastRequest).toEqual({ method: 'POST', url: '/api/product/filter?limit=12&page=1', body: '{"sortBy":"-createdAt"}' });
    expect(mock.lastHeaders?.['Content-Type']).toBe('application/json');
    expect(mock.lastHeaders?.Accept).toBe('application/json, text/plain, */*');
    expect(mock.lastHeaders?.['User-Agent']).toBeUndefined();
  });

  it('is one axios instance: what is added to it applies to every call', async () => {
    const mock = new FetchMock();
    mock.reply('/api/currencies', 200, []);
    const client = api as unknown as AxiosInstance;
    const id = client.interceptors.request.use((config) => {
      config.headers['X-Seen'] = 'yes';
      return config;
    });
    await api.get('/currencies');
    client.interceptors.request.eject(id);
    expect(mock.lastHeaders?.['X-Seen']).toBe('yes');
  });

  it('joins a base URL with or without a trailing slash and leaves absolute URLs alone', async () => {
    const mock = new FetchMock();
    configureShop({ apiUrl: 'https://api.example.com/api/' });
    await api.get('/currencies').catch(() => undefined);
    expect(mock.lastRequest?.url).toBe('https://api.example.com/api/currencies');
    await api.get('https://other.example.com/x').catch(() => undefined);
    expect(mock.lastRequest?.url).toBe('https://other.example.com/x');
  });

  it('adds query parameters, leaving out empty ones', async () => {
    const mock = new FetchMock();
    mock.reply('/api/order', 200, []);
    await api.get('/order', { params: { status: 'all', page: 2, search: undefined, sort: null } });
    expect(mock.lastRequest?.url).toBe('/api/order?status=all&page=2');
    await api.get('/order?limit=5', { params: { status: 'Order Placed' } });
    expect(mock.lastRequest?.url).toBe('/api/order?limit=5&status=Order+Placed');
  });

  it('sends no Content-Type without a body, and lets the browser write the multipart one', async () => {
    const mock = new FetchMock();
    mock.reply('/api/wishlist/p1', 201, '');
    expect(await api.post('/wishlist/p1')).toEqual({ status: 201, data: '' });
    expect(mock.lastHeaders?.['Content-Type']).toBeUndefined();
    const form = new FormData();
    form.append('title', 'Ring');
    await api.post('/product', form, { headers: { 'Content-Type': 'multipart/form-data' } }).catch(() => undefined);
    expect(mock.lastRequest?.body).toBe(form);
    expect(mock.lastHeaders?.['Content-Type']).toBeUndefined();
  });

  it('sends a file as it is, with the type the call names', async () => {
    const mock = new FetchMock();
    mock.reply('/api/product/import', 200, { created: 1 });
    const file = new Blob(['title\nRing\n'], { type: 'text/csv' });
    expect(await api.post('/product/import', file, { headers: { 'Content-Type': 'text/csv' } })).toEqual({ status: 200, data: { created: 1 } });
    expect(mock.lastRequest?.body).toBe(file);
    expect(mock.lastHeaders?.['Content-Type']).toBe('text/csv');
  });

  it('tells the listeners of a 403 to a signed-in call, and no one after they stop listening', async () => {
    const mock = new FetchMock();
    mock.reply('/api/admin/users', 403, { message: 'Forbidden' });
    const heard: string[] = [];
    const stop = onForbidden((url) => heard.push(url));
    await api.get('/admin/users').catch(() => undefined);
    expect(heard).toEqual([]);
    signIn({ name: 'Ada', role: 'admin', isSuperAdmin: false, token: 'tok-9' });
    await api.get('/admin/users').catch(() => undefined);
    expect(heard).toEqual(['/admin/users']);
    expect(shopStore.get(sessionAtom).auth).toBe(true);
    stop();
    await api.get('/admin/users').catch(() => undefined);
    expect(heard).toEqual(['/admin/users']);
  });

  it('rejects with the server status and message', async () => {
    const mock = new FetchMock();
    mock.reply('/api/cart', 400, { message: 'Out of stock' });
    const error = await api.put('/cart', { quantity: 9 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(apiStatus(error)).toBe(400);
    expect(apiErrorMessage(error)).toBe('Out of stock');
    expect(apiErrorMessage(new Error('x'), 'Could not save')).toBe('Could not save');
  });

  it("tells a refusal (400, 409) in the server's words and anything else with the screen's message", async () => {
    const mock = new FetchMock();
    mock.reply('/api/cart/c1', 409, { message: 'Only 2 of Emerald Ring left' });
    expect(refusalMessage(await api.put('/cart/c1').catch((e: unknown) => e), 'Failed')).toBe('Only 2 of Emerald Ring left');
    mock.reply('/api/cart/c2', 400, { message: '"Gold Ring" is not available in EUR' });
    expect(refusalMessage(await api.put('/cart/c2').catch((e: unknown) => e), 'Failed')).toBe('"Gold Ring" is not available in EUR');
    mock.reply('/api/cart/c3', 500, { message: 'relation "cart" does not exist' });
    expect(refusalMessage(await api.put('/cart/c3').catch((e: unknown) => e), 'Failed')).toBe('Failed');
  });

  it('keeps a non-JSON answer as text', async () => {
    const mock = new FetchMock();
    mock.reply('/api/hello', 502, 'Bad Gateway');
    const error = await api.get('/hello').catch((e: unknown) => e);
    expect((error as ApiCallError).response).toEqual({ status: 502, data: 'Bad Gateway' });
    expect(apiErrorMessage(error)).toBe('Something went wrong');
  });

  it('reports a lost connection without a status', async () => {
    globalThis.fetch = jest.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await api.get('/cart').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(apiStatus(error)).toBeUndefined();
    expect(apiErrorMessage(error, 'Offline')).toBe('Offline');
  });
});

// Issue 37: the API answers in the page's language; the browser says which, on every call.
describe("the page's language", () => {
  beforeEach(() => configureShop({ apiUrl: '/api' }));
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('on a French page: ?locale=fr on the reads that take it (their own URLs), and Accept-Language: fr on every call', async () => {
    const mock = new FetchMock();
    window.history.replaceState(null, '', '/fr/gold-ring');
    expect(urlOf('productBySlug', { params: { slug: 'gold-ring' } })).toBe('/product/slugSearch/gold-ring?locale=fr');
    expect(urlOf('searchProducts', { query: { limit: 12, page: 1 } })).toBe('/product/filter?limit=12&page=1&locale=fr');
    expect(urlOf('listFilters')).toBe('/filter?locale=fr');
    await call('productBySlug', { params: { slug: 'gold-ring' } }).catch(() => undefined);
    expect(mock.lastRequest?.url).toBe('/api/product/slugSearch/gold-ring?locale=fr');
    expect(mock.lastHeaders?.['Accept-Language']).toBe('fr');
    // An endpoint without a locale parameter keeps its URL; the header still names the language (an order's e-mails).
    await call('cart').catch(() => undefined);
    expect(mock.lastRequest?.url).toBe('/api/cart');
    expect(mock.lastHeaders?.['Accept-Language']).toBe('fr');
    await call('placeOrder', { body: { paymentMethod: 'cash', selectedCurr: 'c1', addressId: 'a1' } } as never).catch(() => undefined);
    expect(mock.lastHeaders?.['Accept-Language']).toBe('fr');
  });

  it('on an English page: the URLs as they were, and Accept-Language: en whatever the browser prefers', async () => {
    const mock = new FetchMock();
    window.history.replaceState(null, '', '/shop');
    expect(urlOf('productBySlug', { params: { slug: 'gold-ring' } })).toBe('/product/slugSearch/gold-ring');
    await call('listFilters').catch(() => undefined);
    expect(mock.lastRequest?.url).toBe('/api/filter');
    expect(mock.lastHeaders?.['Accept-Language']).toBe('en');
  });
});

describe('endSession (the server half of useLogout)', () => {
  beforeEach(() => {
    localStorage.clear();
    signOut();
    configureShop({ apiUrl: '/api' });
  });
  afterEach(() => jest.useRealTimers());

  it('asks the server to end the session with its token', async () => {
    const mock = new FetchMock();
    mock.reply('/api/user/logout', 204, '');
    signIn({ name: 'Ada', role: 'customer', isSuperAdmin: false, token: 'tok-1' });
    await endSession();
    expect(mock.lastRequest).toMatchObject({ method: 'POST', url: '/api/user/logout' });
    expect(mock.lastHeaders?.Authorization).toBe('Bearer tok-1');
  });

  it('resolves when the call fails or never answers (the browser signs out anyway)', async () => {
    const mock = new FetchMock();
    mock.reply('/api/user/logout', 500, { message: 'down' });
    signIn({ name: 'Ada', role: 'customer', isSuperAdmin: false, token: 'tok-2' });
    await expect(endSession()).resolves.toBeUndefined();

    jest.useFakeTimers();
    globalThis.fetch = jest.fn(() => new Promise<Response>(() => undefined));
    signIn({ name: 'Ada', role: 'customer', isSuperAdmin: false, token: 'tok-3' });
    const done = endSession();
    await jest.advanceTimersByTimeAsync(LOGOUT_WAIT_MS);
    await expect(done).resolves.toBeUndefined();
  });

  it('calls nothing when nobody is signed in', async () => {
    globalThis.fetch = jest.fn();
    await endSession();
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });
});
