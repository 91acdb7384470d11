import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperClass } from 'swiper/types';
import { A11y, Autoplay, Keyboard, Pagination } from 'swiper/modules';
import { SLIDE_GAP, type Slide } from './StaticSlides';
import { useT } from '../messages';

export interface SwiperSlidesProps {
  slides: Slide[];
  autoplay?: number;
  playing: boolean;
  perView?: Record<number, number>;
  onSwiper: (swiper: SwiperClass) => void;
}

/** The slides as a swiper: loaded by Carousel when a carousel first needs to move (30 KB gzip). */
export default function SwiperSlides({ slides, autoplay, playing, perView, onSwiper }: SwiperSlidesProps) {
  const t = useT();
  const breakpoints = perView ? Object.fromEntries(Object.entries(perView).map(([width, count]) => [width, { slidesPerView: count }])) : undefined;
  return (
    <Swiper
      modules={[A11y, Autoplay, Keyboard, Pagination]}
      onSwiper={onSwiper}
      slidesPerView={1}
      spaceBetween={SLIDE_GAP}
      breakpoints={breakpoints}
      loop={slides.length > 1}
      speed={600}
      autoplay={autoplay && playing ? { delay: autoplay, disableOnInteraction: false, pauseOnMouseEnter: true } : false}
      keyboard={{ enabled: true, onlyInViewport: true }}
      pagination={{ clickable: true, bulletElement: 'button' }}
      a11y={{ enabled: true, prevSlideMessage: t('slider.previous'), nextSlideMessage: t('slider.next'), paginationBulletMessage: t('slider.goTo', { n: '{{index}}' }) }}
    >
      {slides.map((slide) => (
        <SwiperSlide key={slide.key}>{slide}</SwiperSlide>
      ))}
    </Swiper>
  );
}
