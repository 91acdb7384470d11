import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, type Release, type RemoteReleases } from '@shop/shared';
import ReleasesPage from './ReleasesPage';
import { renderAdmin, routeCalls } from '../test/renderAdmin';

// Issue 36: the back office's Releases page.
jest.setTimeout(30000);
afterEach(() => jest.restoreAllMocks());

const release = (version: string, over: Partial<Release> = {}): Release => ({
  version, createdAt: '2026-11-20T10:00:00.000Z', createdBy: 'token:t1', pages: [], shared: {}, integrity: 'sha384-x', status: 'past', views: 0, errors: 0, ...over,
});
const catalog: RemoteReleases = {
  remote: 'catalog',
  stable: release('1.4.0+aaaaaaa', { status: 'stable', views: 900, errors: 9 }),
  canary: release('1.5.0+bbbbbbb', { status: 'canary', views: 100, errors: 4 }),
  percent: 10,
  history: [release('1.3.0+ccccccc')],
};
const checkout: RemoteReleases = { remote: 'checkout', stable: null, canary: null, percent: 0, history: [] };
const tokens = [{ _id: 't1', remote: 'catalog', createdAt: '2026-11-01T10:00:00.000Z', createdBy: 'admin@shop.local', lastUsedAt: '2026-11-20T10:00:00.000Z' }];

test('each remote: its stable and canary with share, views and errors; Set share, Promote, Roll back call the API', async () => {
  jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/releases': [catalog, checkout], '/releases/tokens': tokens }));
  const post = jest.spyOn(api, 'post').mockImplementation(routeCalls({ '/releases/catalog/promote': release('1.5.0+bbbbbbb'), '/releases/catalog/rollback': release('1.4.0+aaaaaaa') }));
  renderAdmin(<ReleasesPage />, { path: '/releases' });
  const card = await screen.findByRole('region', { name: 'catalog' });
  expect(card).toHaveTextContent('Stable1.4.0+aaaaaaa 900 views, 9 errors (1.0 %)');
  expect(card).toHaveTextContent('Canary1.5.0+bbbbbbb for 10 % of visitors 100 views, 4 errors (4.0 %)');
  expect(screen.getByRole('region', { name: 'checkout' })).toHaveTextContent('No release yet');

  const share = within(card).getByLabelText('Canary share (%)');
  await userEvent.clear(share);
  await userEvent.type(share, '25');
  await userEvent.click(within(card).getByRole('button', { name: 'Set share' }));
  expect(post).toHaveBeenLastCalledWith('/releases/catalog/promote', { version: '1.5.0+bbbbbbb', percent: 25 });
  await userEvent.click(within(card).getByRole('button', { name: 'Promote canary to everyone' }));
  expect(post).toHaveBeenLastCalledWith('/releases/catalog/promote', { version: '1.5.0+bbbbbbb' });
  await userEvent.click(within(card).getByRole('button', { name: 'Promote 1.3.0+ccccccc to everyone' }));
  expect(post).toHaveBeenLastCalledWith('/releases/catalog/promote', { version: '1.3.0+ccccccc' });
  await userEvent.click(within(card).getByRole('button', { name: 'Roll back' }));
  await waitFor(() => expect(post).toHaveBeenLastCalledWith('/releases/catalog/rollback'));
});

test('deploy tokens: made for a remote and shown once, listed by last use, revoked', async () => {
  jest.spyOn(api, 'get').mockImplementation(routeCalls({ '/releases': [catalog], '/releases/tokens': tokens }));
  const post = jest.spyOn(api, 'post').mockImplementation(routeCalls({ '/releases/tokens': { _id: 't2', token: 'shop_deploy_checkout_secret' } }));
  const del = jest.spyOn(api, 'delete').mockImplementation(routeCalls({ '/releases/tokens/t1': undefined }));
  renderAdmin(<ReleasesPage />, { path: '/releases' });
  const section = await screen.findByRole('region', { name: 'Deploy tokens' });
  await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(2));
  await userEvent.selectOptions(within(section).getByLabelText('Remote'), 'checkout');
  await userEvent.click(within(section).getByRole('button', { name: 'Make a token' }));
  expect(post).toHaveBeenCalledWith('/releases/tokens', { remote: 'checkout' });
  expect(await within(section).findByRole('status')).toHaveTextContent('The checkout token, shown this once: shop_deploy_checkout_secret');
  await userEvent.click(within(section).getByRole('button', { name: /^Revoke the catalog token/ }));
  expect(del).toHaveBeenCalledWith('/releases/tokens/t1');
});
