import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, type ReviewAdmin, type ReviewAdminPage } from '@shop/shared';
import { renderAdmin } from '../test/renderAdmin';
import ReviewsPage from './ReviewsPage';

const review: ReviewAdmin = {
  _id: 'r1',
  productId: 'p1',
  rating: 2,
  title: 'Clasp broke',
  body: 'The clasp broke after a week of wearing it.',
  author: 'Ada L.',
  helpful: 0,
  reply: null,
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-02T10:00:00.000Z',
  status: 'pending',
  reason: null,
  product: { _id: 'p1', title: 'Aurora ring', slug: 'aurora-ring' },
  customer: { _id: 'u1', fullName: 'Ada Lovelace', email: 'ada@example.com' },
};
const page: ReviewAdminPage = { items: [review], itemCount: 1, page: 1, limit: 20, counts: { pending: 1, approved: 4, rejected: 2 } };
const ok = <T,>(data: T) => Promise.resolve({ data, status: 200 });

afterEach(() => jest.restoreAllMocks());

test('the queue with its counts; search, approve, and reject with a reason kept internally and a public reply', async () => {
  const get = jest.spyOn(api, 'get').mockImplementation(() => ok(page));
  const patch = jest.spyOn(api, 'patch').mockImplementation((_url: string, body?: unknown) => ok({ ...review, ...(body as object) }));
  renderAdmin(<ReviewsPage />, { path: '/reviews' });
  const row = (await screen.findByText('Aurora ring')).closest('tr')!;
  expect(screen.getByRole('option', { name: 'Pending (1)' })).toBeInTheDocument();

  await userEvent.type(screen.getByRole('searchbox', { name: /Search reviews/ }), 'clasp');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  await waitFor(() => expect(get).toHaveBeenLastCalledWith('/reviews?keyword=clasp&page=1&limit=20'));

  await userEvent.click(within(row).getByRole('button', { name: 'Approve the review by Ada L.' }));
  expect(patch).toHaveBeenCalledWith('/reviews/r1', { status: 'approved' });

  await userEvent.click(within(row).getByRole('button', { name: 'Reject or reply to the review by Ada L.' }));
  const dialog = await screen.findByRole('dialog');
  await userEvent.type(within(dialog).getByLabelText('Reason for rejecting (kept internally)'), 'Off topic');
  await userEvent.type(within(dialog).getByLabelText('Public reply (shown under the review)'), 'Sorry to hear that: write to us.');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
  expect(patch).toHaveBeenLastCalledWith('/reviews/r1', { status: 'rejected', reason: 'Off topic', reply: 'Sorry to hear that: write to us.' });
});
