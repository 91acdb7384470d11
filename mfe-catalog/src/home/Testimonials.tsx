import { Carousel } from '../slider/Carousel';
import { TESTIMONIALS } from './content';
import styles from './HomePage.module.css';

/** What customers say, in a slider (no autoplay). */
export function Testimonials() {
  const slides = TESTIMONIALS.map((t) => (
    <figure className={styles.testimonial} key={t.name}>
      <p className={styles.stars} role="img" aria-label="Rated 5 out of 5">★★★★★</p>
      <blockquote>“{t.quote}”</blockquote>
      <figcaption>
        <span className={styles.initials} aria-hidden="true">{t.name.split(' ').map((w) => w[0]).join('')}</span>
        <span><strong>{t.name}</strong><br />{t.place}</span>
      </figcaption>
    </figure>
  ));
  return (
    <section className={styles.testimonials} aria-labelledby="testimonials-title">
      <header className={styles.sectionHead}>
        <p className={styles.eyebrow}>Kind words</p>
        <h2 id="testimonials-title">What our customers say</h2>
      </header>
      <Carousel label="Customer testimonials" slides={slides} perView={{ 768: 2, 1100: 3 }} />
    </section>
  );
}
