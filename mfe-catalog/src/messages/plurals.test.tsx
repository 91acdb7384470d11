import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useT } from '.';

function Found({ count }: { count: number }) {
  const t = useT();
  return (
    <>
      <p>{t('shop.found', { count })}</p>
      <p>{t('stock.onlyLeft', { count })}</p>
    </>
  );
}

const textsAt = (path: string, count: number) => {
  const { container, unmount } = render(<MemoryRouter initialEntries={[path]}><Found count={count} /></MemoryRouter>);
  const texts = [...container.querySelectorAll('p')].map((p) => p.textContent);
  unmount();
  return texts;
};

// ICU plurals by each language's rule (CLDR): French says 0 in the singular, English in the plural.
describe('plural forms for 0, 1, 2, 5', () => {
  it.each([
    [0, ['0 products found', 'Only 0 left'], ['0 création trouvée', 'Plus que 0 pièce']],
    [1, ['1 product found', 'Only 1 left'], ['1 création trouvée', 'Plus que 1 pièce']],
    [2, ['2 products found', 'Only 2 left'], ['2 créations trouvées', 'Plus que 2 pièces']],
    [5, ['5 products found', 'Only 5 left'], ['5 créations trouvées', 'Plus que 5 pièces']],
  ])('%i in English and in French', (count, english, french) => {
    expect(textsAt('/shop', count)).toEqual(english);
    expect(textsAt('/fr/shop', count)).toEqual(french);
  });

  it('the page is English outside /fr/ (a slug beginning with "fr" included)', () => {
    render(<MemoryRouter initialEntries={['/france-ring']}><Found count={2} /></MemoryRouter>);
    expect(screen.getByText('2 products found')).toBeInTheDocument();
  });
});
