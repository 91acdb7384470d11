import { lazy, Suspense, useCallback, useEffect, useRef, useState, type PointerEvent, type RefObject } from 'react';
import type { Swiper as SwiperClass } from 'swiper/types';
import 'swiper/css';
import 'swiper/css/pagination';
import { StaticSlides, type Slide, type SlideStep } from './StaticSlides';
import styles from './Carousel.module.css';
import { useT } from '../messages';

// Swiper (30 KB gzip) is fetched when a carousel first moves: the autoplay's first step, a bullet, an
// arrow, a swipe, the arrow keys, or the pointer over it (where it pauses autoplay). Until then the
// slides sit at the first one in swiper's own markup, so the page paints and answers without it.
const SwiperSlides = lazy(() => import(/* webpackChunkName: "swiper" */ './SwiperSlides'));

interface CarouselProps {
  label: string;
  /** Each with a key that names it. */
  slides: Slide[];
  /** Milliseconds between slides; autoplay is off unless given (SPEC §9: only the hero autoplays). */
  autoplay?: number;
  /** Slides side by side from a viewport width up (e.g. { 768: 2, 1100: 3 }). */
  perView?: Record<number, number>;
  navigation?: boolean;
  className?: string;
}

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

function takeStep(swiper: SwiperClass, step: SlideStep) {
  if (step === 'next') swiper.slideNext();
  else if (step === 'prev') swiper.slidePrev();
  else swiper.slideToLoop(step);
}

/** Arrow keys move a carousel that is on screen, unless the user is typing (swiper's keyboard module, onlyInViewport). */
function useArrowKeys(region: RefObject<HTMLElement | null>, active: boolean, onStep: (step: SlideStep) => void) {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      const box = region.current?.getBoundingClientRect();
      if (!box || box.bottom <= 0 || box.top >= window.innerHeight || box.right <= 0 || box.left >= window.innerWidth) return;
      onStep(event.key === 'ArrowRight' ? 'next' : 'prev');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [region, active, onStep]);
}

/** The one slider (swiper), keyboard and screen-reader friendly, with a pause control when it autoplays. */
export function Carousel({ label, slides, autoplay, perView, navigation, className }: CarouselProps) {
  const t = useT();
  const region = useRef<HTMLElement>(null);
  const swiperRef = useRef<SwiperClass | null>(null);
  const pendingStep = useRef<SlideStep | null>(null);
  const [playing, setPlaying] = useState(Boolean(autoplay) && !prefersReducedMotion());
  const [swiperWanted, setSwiperWanted] = useState(false);

  /** Takes a step now, or loads swiper and takes it once swiper is there; no step only loads it. */
  const step = useCallback((next?: SlideStep) => {
    if (swiperRef.current) {
      if (next !== undefined) takeStep(swiperRef.current, next);
      return;
    }
    if (next !== undefined) pendingStep.current = next;
    setSwiperWanted(true);
  }, []);

  const onSwiper = useCallback((swiper: SwiperClass) => {
    swiperRef.current = swiper;
    const next = pendingStep.current;
    pendingStep.current = null;
    // After swiper's own mount work, so the step animates from the first slide like any other.
    if (next !== null) setTimeout(() => !swiper.destroyed && takeStep(swiper, next));
  }, []);

  useEffect(() => {
    const autoplayModule = swiperRef.current?.autoplay;
    if (!autoplayModule) return;
    if (playing) autoplayModule.start();
    else autoplayModule.stop();
  }, [playing]);

  // Before swiper is loaded, the autoplay's first step is what loads it.
  useEffect(() => {
    if (swiperWanted || !autoplay || !playing) return;
    const timer = setTimeout(() => step('next'), autoplay);
    return () => clearTimeout(timer);
  }, [swiperWanted, autoplay, playing, step]);

  // Swiper's keyboard module listens once loaded.
  useArrowKeys(region, !swiperWanted, step);

  // A swipe that starts before swiper is there (swiper handles the ones after).
  const swipeFrom = useRef<number | null>(null);
  const onPointerDown = (event: PointerEvent) => {
    swipeFrom.current = swiperRef.current ? null : event.clientX;
    step();
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeFrom.current === null) return;
    const moved = event.clientX - swipeFrom.current;
    swipeFrom.current = null;
    if (Math.abs(moved) > 40) step(moved < 0 ? 'next' : 'prev');
  };

  const atRest = <StaticSlides slides={slides} perView={perView} autoplaying={playing} onStep={step} />;
  return (
    <section
      ref={region}
      className={[styles.carousel, navigation && styles.withNav, className].filter(Boolean).join(' ')}
      aria-roledescription="carousel"
      aria-label={label}
      onPointerEnter={() => step()}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onFocus={() => step()}
    >
      {swiperWanted ? (
        <Suspense fallback={atRest}>
          <SwiperSlides slides={slides} autoplay={autoplay} playing={playing} perView={perView} onSwiper={onSwiper} />
        </Suspense>
      ) : (
        atRest
      )}
      {navigation && (
        <>
          <button type="button" className={`${styles.arrow} ${styles.prev}`} onClick={() => step('prev')} aria-label={t('slider.previous')}>‹</button>
          <button type="button" className={`${styles.arrow} ${styles.next}`} onClick={() => step('next')} aria-label={t('slider.next')}>›</button>
        </>
      )}
      {autoplay !== undefined && (
        <button type="button" className={styles.toggle} onClick={() => setPlaying((p) => !p)} aria-label={t(playing ? 'slider.pause' : 'slider.play')}>
          {playing ? (
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d="M4 2h3v12H4zM9 2h3v12H9z" fill="currentColor" /></svg>
          ) : (
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d="M4 2l10 6-10 6z" fill="currentColor" /></svg>
          )}
        </button>
      )}
    </section>
  );
}
