import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { api, signIn, signOut, type ReviewPage } from '@shop/shared';
import { httpError, ok, product } from '../test/fixtures';
import { ReviewsSection } from './ReviewsSection';
import { REVIEW_ERRORS } from '@shop/shared/src/contract';

const piece = product({});
const page: ReviewPage = {
  items: [
    { _id: 'r1', productId: piece._id, rating: 4, title: '<b>Lovely</b>', body: '<script>alert(1)</script> shines every day', author: 'Ada L.', verifiedBuyer: true, helpful: 2, reply: 'Thank you!', createdAt: '2026-01-02T10:00:00.000Z' },
  ],
  itemCount: 1,
  page: 1,
  limit: 5,
  average: 4,
  count: 1,
  histogram: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 },
};

function mockApi(mine: { review: null; canReview: boolean }) {
  return jest.spyOn(api, 'get').mockImplementation((url: string) => {
    if (url.startsWith(`/product/${piece._id}/reviews?`)) return ok(page);
    if (url === `/product/${piece._id}/reviews/mine`) return ok(mine);
    return Promise.reject(httpError(404));
  });
}
const show = () => render(<MemoryRouter><ReviewsSection product={piece} /></MemoryRouter>);

afterEach(() => {
  jest.restoreAllMocks();
  act(() => signOut());
});

test('the average, the stars by count, and each review with its reply; HTML shown as text, never markup', async () => {
  mockApi({ review: null, canReview: false });
  const { container } = show();
  const list = await screen.findByTestId('review-list');
  expect(screen.getByText('4.0 out of 5')).toBeInTheDocument();
  expect(within(list).getByRole('heading', { name: '<b>Lovely</b>' })).toBeInTheDocument();
  expect(within(list).getByText(/<script>alert\(1\)<\/script>/)).toBeInTheDocument();
  expect(container.querySelector('script, b')).toBeNull();
  expect(within(list).getByText('Verified buyer')).toBeInTheDocument();
  expect(within(list).getByText('Thank you!')).toBeInTheDocument();
  // Signed out: a way to sign in, no vote.
  expect(screen.getByRole('link', { name: REVIEW_ERRORS.signIn })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /helpful/ })).toBeNull();
});

test('a customer who did not buy the piece is told why; a buyer writes a review checked as the API checks it', async () => {
  act(() => signIn({ name: 'Ada', role: 'customer', isSuperAdmin: false, token: 't' }));
  const get = mockApi({ review: null, canReview: false });
  const { unmount } = show();
  expect(await screen.findByText(REVIEW_ERRORS.notBuyer)).toBeInTheDocument();
  unmount();

  get.mockRestore();
  mockApi({ review: null, canReview: true });
  const post = jest.spyOn(api, 'post').mockImplementation(() => ok({ _id: 'r2', status: 'pending' }));
  show();
  const form = await screen.findByRole('form', { name: 'Write a review' });
  await userEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
  expect(post).not.toHaveBeenCalled();
  expect(within(form).getByText(REVIEW_ERRORS.rating)).toBeInTheDocument();
  expect(within(form).getByText(REVIEW_ERRORS.bodyShort)).toBeInTheDocument();

  await userEvent.click(within(form).getByRole('radio', { name: '5 stars' }));
  await userEvent.type(within(form).getByLabelText('Title'), 'Beautiful');
  await userEvent.type(within(form).getByLabelText('Your review'), 'It shines in every light, every day.');
  await userEvent.click(within(form).getByRole('button', { name: 'Submit review' }));
  await waitFor(() => expect(post).toHaveBeenCalledWith(`/product/${piece._id}/reviews`, { rating: 5, title: 'Beautiful', body: 'It shines in every light, every day.' }));
  // Others' reviews can be voted helpful.
  expect(await screen.findByRole('button', { name: 'Was this helpful? Yes (2)' })).toBeInTheDocument();
});

test('on a French page the form says what is wrong in French (issue 37)', async () => {
  act(() => signIn({ name: 'Léa', role: 'customer', isSuperAdmin: false, token: 't' }));
  mockApi({ review: null, canReview: true });
  const post = jest.spyOn(api, 'post');
  render(<MemoryRouter initialEntries={[`/fr/${piece.slug}`]}><ReviewsSection product={piece} /></MemoryRouter>);
  const form = await screen.findByRole('form', { name: 'Donner votre avis' });
  await userEvent.click(within(form).getByRole('button', { name: 'Publier mon avis' }));
  expect(post).not.toHaveBeenCalled();
  expect(within(form).getByText('Veuillez choisir de 1 à 5 étoiles.')).toBeInTheDocument();
  expect(within(form).getByText('Veuillez écrire au moins 20 caractères.')).toBeInTheDocument();
});
