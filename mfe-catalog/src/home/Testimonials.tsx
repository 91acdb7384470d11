import { Carousel } from '../slider/Carousel';
import { TESTIMONIALS } from './content';
import styles from './HomePage.module.css';
import { useT } from '../messages';

/** What customers say, in a slider (no autoplay). */
export function Testimonials() {
  const t = useT();
  const slides = TESTIMONIALS.map((said) => (
    <figure className={styles.testimonial} key={said.name}>
      <p className={styles.stars} role="img" aria-label={t('home.rated', { stars: 5 })}>★★★★★</p>
      <blockquote>“{t(said.quote)}”</blockquote>
      <figcaption>
        <span className={styles.initials} aria-hidden="true">{said.name.split(' ').map((w) => w[0]).join('')}</span>
        <span><strong>{said.name}</strong><br />{t(said.place)}</span>
      </figcaption>
    </figure>
  ));
  return (
    <section className={styles.testimonials} aria-labelledby="testimonials-title">
      <header className={styles.sectionHead}>
        <p className={styles.eyebrow}>{t('home.kindWords')}</p>
        <h2 id="testimonials-title">{t('home.customersSay')}</h2>
      </header>
      <Carousel label={t('home.testimonials')} slides={slides} perView={{ 768: 2, 1100: 3 }} />
    </section>
  );
}
