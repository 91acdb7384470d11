import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useNavigate } from '@shop/shared';
import { ScrollToTop } from './ScrollToTop';

function GoTo({ path }: { path: string }) {
  const navigate = useNavigate();
  return <button type="button" onClick={() => navigate(path)}>Go to {path}</button>;
}

describe('ScrollToTop', () => {
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => scrollTo.mockRestore());

  it('leaves a page just loaded where it is, and scrolls smoothly to the top on each route change, back to the first one too', () => {
    render(
      <MemoryRouter initialEntries={['/shop']}>
        <ScrollToTop />
        <GoTo path="/about" />
        <GoTo path="/shop" />
      </MemoryRouter>,
    );
    expect(scrollTo).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Go to /about' }));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 0, behavior: 'smooth' });

    fireEvent.click(screen.getByRole('button', { name: 'Go to /shop' }));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });
});
