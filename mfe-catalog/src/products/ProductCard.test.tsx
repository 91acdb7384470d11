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
});
