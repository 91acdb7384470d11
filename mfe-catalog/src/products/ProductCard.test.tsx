import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { EUR, USD, product } from '../test/fixtures';
import { ProductCard } from './ProductCard';

// The cards of home and shop: a product with no price in the selected currency is not available
// in it, never shown at 0.00 (issue 16).
describe('ProductCard', () => {
  const dollarsOnly = product({ title: 'Dollar Diamond', basePrice: [{ currType: USD._id, amount: 2500 }] });

  it('shows the price in the selected currency', () => {
    render(<MemoryRouter><ProductCard product={dollarsOnly} currency={USD} /></MemoryRouter>);
    expect(screen.getByTestId('price')).toHaveTextContent('$2,500.00');
  });

  it("says 'Not Available' in a currency the product has no price in", () => {
    render(<MemoryRouter><ProductCard product={dollarsOnly} currency={EUR} /></MemoryRouter>);
    expect(screen.getByText('Not Available')).toBeInTheDocument();
    expect(screen.queryByTestId('price')).not.toBeInTheDocument();
    expect(screen.queryByText(/0\.00/)).not.toBeInTheDocument();
  });

  // Issue 22: on a phone's list view the photo is too narrow for both badges on one line; they share
  // one row that wraps (Sale below), where each used to be placed on its own over the other.
  it('puts the New and Sale badges in one row, New first', () => {
    const onSale = product({ discounts: [{ _id: 'd', title: 'd', discountType: 'fixed', timeLimit: new Date(Date.now() + 60_000).toISOString(), value: [{ currType: USD._id, amount: 10 }] }] });
    render(<MemoryRouter><ProductCard product={onSale} currency={USD} layout="list" /></MemoryRouter>);
    const [isNew, sale] = [screen.getByText('New'), screen.getByText('Sale')];
    expect(isNew.parentElement).toBe(sale.parentElement);
    expect(isNew.compareDocumentPosition(sale) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
