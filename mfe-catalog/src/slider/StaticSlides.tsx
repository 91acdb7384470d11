import { useSyncExternalStore, type ReactElement } from 'react';
import { useT } from '../messages';

/** Pixels between slides side by side (swiper's spaceBetween). */
export const SLIDE_GAP = 24;

/** A step a carousel is asked to take: the next or previous slide, or slide n (0-based). */
export type SlideStep = 'next' | 'prev' | number;

const subscribeToResize = (listener: () => void) => {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
};

/** Slides per view at the window's width, as swiper's breakpoints pick them (the largest width not above it). */
function useSlidesPerView(perView: Record<number, number> | undefined): number {
  const width = useSyncExternalStore(subscribeToResize, () => window.innerWidth, () => 0);
  let count = 1;
  for (const [from, n] of Object.entries(perView ?? {}).sort((a, b) => Number(a[0]) - Number(b[0]))) if (width >= Number(from)) count = n;
  return count;
}

/** A carousel's slide: an element with a key that names it (the slide's frame and its bullet take it). */
export type Slide = ReactElement;

interface StaticSlidesProps {
  slides: Slide[];
  perView?: Record<number, number>;
  autoplaying: boolean;
  onStep: (step?: SlideStep) => void;
}

/**
 * The carousel at rest, before swiper is loaded: swiper's own markup and classes at its first slide, so
 * nothing moves when swiper takes over. A bullet asks Carousel for its slide, which loads swiper.
 */
export function StaticSlides({ slides, perView, autoplaying, onStep }: StaticSlidesProps) {
  const t = useT();
  const count = useSlidesPerView(perView);
  return (
    <div className="swiper swiper-horizontal">
      <div className="swiper-wrapper" aria-live={autoplaying ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          // biome-ignore lint/a11y/useSemanticElements: a slide is a group (the APG carousel, and swiper's own a11y markup), not a set of form fields
          <div
            key={slide.key}
            className={`swiper-slide${i === 0 ? ' swiper-slide-active' : ''}`}
            role="group"
            aria-label={`${i + 1} / ${slides.length}`}
            style={{ width: `calc((100% - ${(count - 1) * SLIDE_GAP}px) / ${count})`, marginRight: SLIDE_GAP }}
          >
            {slide}
          </div>
        ))}
      </div>
      <div className="swiper-pagination swiper-pagination-clickable swiper-pagination-bullets swiper-pagination-horizontal">
        {slides.map((slide, i) => (
          <button
            key={slide.key}
            type="button"
            className={`swiper-pagination-bullet${i === 0 ? ' swiper-pagination-bullet-active' : ''}`}
            aria-label={t('slider.goTo', { n: i + 1 })}
            aria-current={i === 0 ? 'true' : undefined}
            onClick={() => onStep(i)}
          />
        ))}
      </div>
    </div>
  );
}
