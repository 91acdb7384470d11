import { act, fireEvent, render, screen } from '@testing-library/react';
import { Carousel } from './Carousel';

// swiper's stylesheets are named without .css, so jest's style stub does not catch them.
jest.mock('swiper/css', () => ({}));
jest.mock('swiper/css/pagination', () => ({}));

// Swiper is an ES module jsdom cannot lay out; this stand-in records what the carousel asks of it.
const fakeSwiper = { slideNext: jest.fn(), slidePrev: jest.fn(), slideToLoop: jest.fn(), autoplay: { start: jest.fn(), stop: jest.fn() }, destroyed: false };
const swiperRendered = jest.fn();
jest.mock('./SwiperSlides', () => {
  const { useLayoutEffect } = jest.requireActual('react');
  return {
    __esModule: true,
    default: function FakeSwiperSlides({ onSwiper }: { onSwiper: (s: unknown) => void }) {
      swiperRendered();
      useLayoutEffect(() => onSwiper(fakeSwiper), [onSwiper]);
      return <div data-testid="swiper" />;
    },
  };
});

// jsdom has no PointerEvent; a MouseEvent carries clientX the same way.
if (!window.PointerEvent) window.PointerEvent = class extends MouseEvent {} as typeof PointerEvent;

const slides = ['One', 'Two', 'Three'].map((text) => <p key={text}>{text}</p>);
/** Lets the lazy swiper load and mount, and its deferred step run. */
const flush = async () => {
  for (let i = 0; i < 3; i += 1) await act(async () => jest.runOnlyPendingTimers());
};

beforeEach(() => {
  jest.useFakeTimers();
  jest.clearAllMocks();
});
afterEach(() => jest.useRealTimers());

describe('Carousel', () => {
  it('shows the slides at the first one with a bullet each, without loading swiper', () => {
    render(<Carousel label="Featured" slides={slides} />);
    expect(screen.getByRole('region', { name: 'Featured' })).toHaveAttribute('aria-roledescription', 'carousel');
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual(['1 / 3', '2 / 3', '3 / 3']);
    expect(screen.getByRole('button', { name: 'Go to slide 1' })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByText('Three')).toBeInTheDocument();
    expect(swiperRendered).not.toHaveBeenCalled();
  });

  it('a bullet (a native button: click, Enter or Space) loads swiper and goes to its slide', async () => {
    render(<Carousel label="Featured" slides={slides} />);
    const bullet = screen.getByRole('button', { name: 'Go to slide 3' });
    expect(bullet.tagName).toBe('BUTTON');
    fireEvent.click(bullet);
    await flush();
    expect(screen.getByTestId('swiper')).toBeInTheDocument();
    expect(fakeSwiper.slideToLoop).toHaveBeenCalledWith(2);
  });

  it('the arrows go to the previous and next slide', async () => {
    render(<Carousel label="Team" slides={slides} navigation />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    await flush();
    expect(fakeSwiper.slidePrev).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(fakeSwiper.slideNext).toHaveBeenCalledTimes(1);
  });

  it('the arrow keys move a carousel on screen, not one off screen or while typing', async () => {
    render(
      <>
        <input aria-label="Search" />
        <Carousel label="Featured" slides={slides} />
      </>,
    );
    const region = screen.getByRole('region', { name: 'Featured' });
    const onScreen = jest.spyOn(region, 'getBoundingClientRect').mockReturnValue({ top: 900, bottom: 1200, left: 0, right: 400 } as DOMRect);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    fireEvent.keyDown(screen.getByLabelText('Search'), { key: 'ArrowRight' });
    expect(swiperRendered).not.toHaveBeenCalled();
    onScreen.mockReturnValue({ top: 0, bottom: 300, left: 0, right: 400 } as DOMRect);
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    await flush();
    expect(fakeSwiper.slideNext).toHaveBeenCalledTimes(1);
  });

  it('a swipe to the left goes to the next slide', async () => {
    render(<Carousel label="Featured" slides={slides} />);
    fireEvent.pointerDown(screen.getByText('One'), { clientX: 300 });
    // The slide under the finger may be swiper's by now; the carousel sees the pointer come up either way.
    fireEvent.pointerUp(screen.getByRole('region', { name: 'Featured' }), { clientX: 120 });
    await flush();
    expect(fakeSwiper.slideNext).toHaveBeenCalledTimes(1);
  });

  it('autoplay: its first step loads swiper and moves on; paused first, it loads nothing', async () => {
    const first = render(<Carousel label="Featured" slides={slides} autoplay={5000} />);
    await act(async () => jest.advanceTimersByTime(4999));
    expect(swiperRendered).not.toHaveBeenCalled();
    await act(async () => jest.advanceTimersByTime(1));
    await flush();
    expect(fakeSwiper.slideNext).toHaveBeenCalledTimes(1);
    first.unmount();

    jest.clearAllMocks();
    render(<Carousel label="Featured" slides={slides} autoplay={5000} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    await act(async () => jest.advanceTimersByTime(20000));
    expect(swiperRendered).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
  });

  it('pausing and playing drive swiper autoplay once it is loaded', async () => {
    render(<Carousel label="Featured" slides={slides} autoplay={5000} />);
    fireEvent.pointerEnter(screen.getByRole('region', { name: 'Featured' }));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    expect(fakeSwiper.autoplay.stop).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    expect(fakeSwiper.autoplay.start).toHaveBeenCalled();
  });
});
