import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { sessionAtom, shopStore, signedOutSession } from '@shop/shared';
import { AccountMenu } from './AccountMenu';

// Issue 22: a long name is cut with an ellipsis in the header (CSS); the whole name stays in the
// button's name and its tooltip.
describe('AccountMenu', () => {
  beforeEach(() => shopStore.set(sessionAtom, signedOutSession));

  it("names the signed-in customer in full in the button's label and title", () => {
    const name = 'Maximiliana Alexandra Worthington-Smythe';
    shopStore.set(sessionAtom, { auth: true, name, role: 'customer', isSuperAdmin: false, token: 't', selectedCurrency: '' });
    render(<MemoryRouter><AccountMenu /></MemoryRouter>);
    const button = screen.getByRole('button', { name: `Account: ${name}` });
    expect(button).toHaveAttribute('title', name);
    expect(button).toHaveTextContent(name);
  });

  it('has no tooltip for a visitor', () => {
    render(<MemoryRouter><AccountMenu /></MemoryRouter>);
    expect(screen.getByRole('button', { name: 'Account' })).not.toHaveAttribute('title');
  });
});
