import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperClass } from 'swiper/types';
import { A11y, Autoplay, Keyboard, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/pagination';
import styles from './Carousel.module.css';

interface CarouselProps {
  label: string;
  slides: ReactNode[];
  /** Milliseconds between slides; autoplay is off unless given (SPEC §9: only the hero autoplays). */
  autoplay?: number;
  /** Slides side by side from a viewport width up (e.g. { 768: 2, 1100: 3 }). */
  perView?: Record<number, number>;
  navigation?: boolean;
  className?: string;
}

const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/** The one slider (swiper), keyboard and screen-reader friendly, with a pause control when it autoplays. */
export function Carousel({ label, slides, autoplay, perView, navigation, className }: CarouselProps) {
  const swiperRef = useRef<SwiperClass | null>(null);
  const [playing, setPlaying] = useState(Boolean(autoplay) && !prefersReducedMotion());

  useEffect(() => {
    const autoplayModule = swiperRef.current?.autoplay;
    if (!autoplayModule) return;
    if (playing) autoplayModule.start();
    else autoplayModule.stop();
  }, [playing]);

  const breakpoints = perView ? Object.fromEntries(Object.entries(perView).map(([width, count]) => [width, { slidesPerView: count }])) : undefined;

  return (
    <div className={[styles.carousel, navigation && styles.withNav, className].filter(Boolean).join(' ')} role="region" aria-roledescription="carousel" aria-label={label}>
      <Swiper
        modules={[A11y, Autoplay, Keyboard, Pagination]}
        onSwiper={(swiper) => {
          swiperRef.current = swiper;
        }}
        slidesPerView={1}
        spaceBetween={24}
        breakpoints={breakpoints}
        loop={slides.length > 1}
        speed={600}
        autoplay={autoplay && playing ? { delay: autoplay, disableOnInteraction: false, pauseOnMouseEnter: true } : false}
        keyboard={{ enabled: true, onlyInViewport: true }}
        pagination={{ clickable: true }}
        a11y={{ enabled: true, prevSlideMessage: 'Previous slide', nextSlideMessage: 'Next slide', paginationBulletMessage: 'Go to slide {{index}}' }}
      >
        {slides.map((slide, i) => (
          <SwiperSlide key={i}>{slide}</SwiperSlide>
        ))}
      </Swiper>
      {navigation && (
        <>
          <button type="button" className={`${styles.arrow} ${styles.prev}`} onClick={() => swiperRef.current?.slidePrev()} aria-label="Previous slide">‹</button>
          <button type="button" className={`${styles.arrow} ${styles.next}`} onClick={() => swiperRef.current?.slideNext()} aria-label="Next slide">›</button>
        </>
      )}
      {autoplay !== undefined && (
        <button type="button" className={styles.toggle} onClick={() => setPlaying((p) => !p)} aria-label={playing ? 'Pause slideshow' : 'Play slideshow'}>
          {playing ? (
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d="M4 2h3v12H4zM9 2h3v12H9z" fill="currentColor" /></svg>
          ) : (
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d="M4 2l10 6-10 6z" fill="currentColor" /></svg>
          )}
        </button>
      )}
    </div>
  );
}
