import { useEffect } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { RemoteComponent, setRemoteLoader, useNavigate, usePageReady } from '@shop/shared';
import { takeFirstViewForTest } from '@shop/shared/src/firstView';
import { FIRST_VIEW_MAX_MS, PageArea } from './PageArea';

/** A first view as the server sends it: a node in the document before the app starts. */
function serverFirstView(): HTMLElement {
  const node = document.createElement('div');
  node.id = 'first-view';
  node.innerHTML = '<h2>Timeless gold</h2><img src="/uploads/hero.jpg?w=480" alt="">';
  document.body.appendChild(node);
  takeFirstViewForTest(node);
  return node;
}

let mounts = 0;

/** A page that says when it is ready, counting its mounts (a remount would refetch and flash). */
function Page({ ready }: { ready: boolean }) {
  useEffect(() => {
    mounts += 1;
  }, []);
  usePageReady(ready);
  return <h1>Page content</h1>;
}

function GoTo({ path }: { path: string }) {
  const navigate = useNavigate();
  return <button type="button" onClick={() => navigate(path)}>Go</button>;
}

function renderPage(ready: boolean) {
  const ui = (isReady: boolean) => (
    <MemoryRouter initialEntries={['/shop']}>
      <GoTo path="/about" />
      <main>
        <PageArea>
          <Page ready={isReady} />
        </PageArea>
      </main>
    </MemoryRouter>
  );
  const result = render(ui(ready));
  return { ...result, setReady: (isReady: boolean) => result.rerender(ui(isReady)) };
}

/** The wrapper PageArea puts around the page. */
const pageWrapper = () => screen.getByText('Page content').parentElement!;

function expectShown(node: HTMLElement) {
  const main = document.querySelector('main')!;
  expect(main.contains(node)).toBe(true);
  expect(node.parentElement).not.toBe(document.body);
  expect(pageWrapper()).toHaveAttribute('aria-hidden', 'true');
  expect(pageWrapper()).toHaveClass('pending');
  // Hidden from assistive technology: only the first view counts.
  expect(screen.queryByRole('heading', { name: 'Page content' })).toBeNull();
}

function expectEnded(node: HTMLElement) {
  expect(document.body.contains(node)).toBe(false);
  expect(document.getElementById('first-view')).toBeNull();
  expect(pageWrapper()).not.toHaveAttribute('aria-hidden');
  expect(pageWrapper()).not.toHaveClass('pending');
  expect(screen.getByRole('heading', { name: 'Page content' })).toBeInTheDocument();
}

beforeEach(() => {
  mounts = 0;
  takeFirstViewForTest(null);
});
afterEach(() => {
  takeFirstViewForTest(null);
  document.getElementById('first-view')?.remove();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('PageArea with the server first view', () => {
  it('moves the first view into the page area and keeps the page rendered but hidden under it', () => {
    const node = serverFirstView();
    renderPage(false);
    expectShown(node);
    expect(mounts).toBe(1);
  });

  it('keeps the first view while the page is not ready', () => {
    const node = serverFirstView();
    const { setReady } = renderPage(false);
    setReady(false);
    expectShown(node);
  });

  it('ends the first view when the page is ready, showing the same page instance (no remount)', () => {
    const node = serverFirstView();
    const { setReady } = renderPage(false);
    setReady(true);
    expectEnded(node);
    expect(mounts).toBe(1);
  });

  it('ends the first view after FIRST_VIEW_MAX_MS however slow the page', () => {
    jest.useFakeTimers();
    const node = serverFirstView();
    renderPage(false);
    act(() => jest.advanceTimersByTime(FIRST_VIEW_MAX_MS - 1));
    expectShown(node);
    act(() => jest.advanceTimersByTime(1));
    expectEnded(node);
    expect(mounts).toBe(1);
  });

  it('ends the first view when the visitor goes to another page', () => {
    const node = serverFirstView();
    renderPage(false);
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expectEnded(node);
  });

  it('ends the first view when the page remote fails, so its error shows', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    setRemoteLoader(async () => {
      throw new Error('offline');
    });
    const node = serverFirstView();
    render(
      <MemoryRouter initialEntries={['/shop']}>
        <PageArea>
          <RemoteComponent id="catalog/ShopPage" />
        </PageArea>
      </MemoryRouter>,
    );
    // A role query skips aria-hidden content: the error is really shown, not kept under the view.
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByText('This part of the shop is unavailable right now.')).toBeInTheDocument();
    expect(document.body.contains(node)).toBe(false);
  });
});

describe('PageArea without a first view', () => {
  it('renders the page as is: nothing hidden, no host for a view', () => {
    const { container } = renderPage(false);
    const main = container.querySelector('main')!;
    // The button is outside <main>; inside it, only the page wrapper.
    expect(main.children).toHaveLength(1);
    expect(main.firstElementChild).toBe(pageWrapper());
    expect(pageWrapper()).not.toHaveAttribute('aria-hidden');
    expect(pageWrapper()).not.toHaveClass('pending');
    expect(screen.getByRole('heading', { name: 'Page content' })).toBeInTheDocument();
  });
});
