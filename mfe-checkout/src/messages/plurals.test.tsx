import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { useT } from '.';

function Heading({ count }: { count: number }) {
  const t = useT();
  return <p>{`${t('mini.heading', { count })} | ${t('mini.name', { count })}`}</p>;
}

const textAt = (path: string, count: number) => {
  const { container, unmount } = render(<MemoryRouter initialEntries={[path]}><Heading count={count} /></MemoryRouter>);
  const text = container.textContent;
  unmount();
  return text;
};

describe("the mini cart's count, plural forms for 0, 1, 2, 5", () => {
  it.each([
    [0, '0 items in your cart | Cart, 0 items', '0 article dans votre panier | Panier, 0 article'],
    [1, '1 item in your cart | Cart, 1 item', '1 article dans votre panier | Panier, 1 article'],
    [2, '2 items in your cart | Cart, 2 items', '2 articles dans votre panier | Panier, 2 articles'],
    [5, '5 items in your cart | Cart, 5 items', '5 articles dans votre panier | Panier, 5 articles'],
  ])('%i', (count, english, french) => {
    expect(textAt('/cart', count)).toBe(english);
    expect(textAt('/fr/cart', count)).toBe(french);
  });
});
