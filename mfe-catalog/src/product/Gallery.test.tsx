import { fireEvent, render, screen, within } from '@testing-library/react';
import { Gallery, stripStart } from './Gallery';

const images = ['uploads/1.jpg', 'uploads/2.jpg', 'uploads/3.jpg', 'uploads/4.jpg', 'uploads/5.jpg'];
const thumbs = () => within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('button');
const mainSrc = () => screen.getByRole('img', { name: /Aurora Ring, photo/ }).getAttribute('src');

describe('Gallery', () => {
  it('shows at most 3 thumbnails and follows the chosen photo', () => {
    render(<Gallery images={images} title="Aurora Ring" />);
    expect(thumbs()).toHaveLength(3);
    expect(thumbs().map((t) => t.getAttribute('aria-label'))).toEqual(['Show photo 1 of 5', 'Show photo 2 of 5', 'Show photo 3 of 5']);
    expect(mainSrc()).toMatch(/uploads\/1\.jpg$/);

    fireEvent.click(thumbs()[2]);
    expect(mainSrc()).toMatch(/uploads\/3\.jpg$/);
    expect(thumbs()[2]).toHaveAttribute('aria-current', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(mainSrc()).toMatch(/uploads\/4\.jpg$/);
    expect(thumbs()).toHaveLength(3);
    expect(thumbs().map((t) => t.getAttribute('aria-label'))).toEqual(['Show photo 2 of 5', 'Show photo 3 of 5', 'Show photo 4 of 5']);

    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(mainSrc()).toMatch(/uploads\/1\.jpg$/);
    expect(thumbs()[0]).toHaveAttribute('aria-label', 'Show photo 1 of 5');

    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(mainSrc()).toMatch(/uploads\/5\.jpg$/);
    expect(thumbs().map((t) => t.getAttribute('aria-label'))).toEqual(['Show photo 3 of 5', 'Show photo 4 of 5', 'Show photo 5 of 5']);
  });

  it('shows one photo without strip or arrows, and a placeholder without photos', () => {
    const { rerender } = render(<Gallery images={['uploads/only.jpg']} title="Solo" />);
    expect(screen.getByRole('img', { name: 'Solo' })).toHaveAttribute('width', '600');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    rerender(<Gallery images={[]} title="Solo" />);
    expect(screen.getByRole('img', { name: 'Solo: no photo yet' })).toBeInTheDocument();
  });

  it('keeps the chosen photo when the same photos come again, and starts at the first of other ones (another option\'s)', () => {
    const { rerender } = render(<Gallery images={images} title="Aurora Ring" />);
    fireEvent.click(thumbs()[1]);
    rerender(<Gallery images={[...images]} title="Aurora Ring" />);
    expect(mainSrc()).toMatch(/uploads\/2\.jpg$/);
    rerender(<Gallery images={['uploads/silver-1.jpg', 'uploads/silver-2.jpg']} title="Aurora Ring" />);
    expect(mainSrc()).toMatch(/uploads\/silver-1\.jpg$/);
    expect(thumbs()).toHaveLength(2);
  });

  it('keeps the chosen photo inside the 3-wide strip', () => {
    expect(stripStart(0, 5, 0)).toBe(0);
    expect(stripStart(3, 5, 0)).toBe(1);
    expect(stripStart(4, 5, 0)).toBe(2);
    expect(stripStart(1, 5, 2)).toBe(1);
    expect(stripStart(2, 2, 0)).toBe(0);
  });
});
