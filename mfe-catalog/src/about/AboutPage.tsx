import { Link, buttonClass, PAGE_HEADS, useDocumentTitle } from '@shop/shared';
import { Carousel } from '../slider/Carousel';
import styles from './AboutPage.module.css';

const TEAM = [
  { name: 'Isabelle Laurent', role: 'Founder & Creative Director', bio: 'Trained as a goldsmith in Paris, Isabelle sketches every collection by hand.' },
  { name: 'Marco Bellini', role: 'Master Goldsmith', bio: 'Thirty years at the bench; he sets each solitaire himself.' },
  { name: 'Hana Sato', role: 'Gemologist', bio: 'Hana selects every stone for colour, clarity and ethical origin.' },
  { name: 'Oliver Grant', role: 'Client Care', bio: 'Oliver and his team answer every message, usually within the hour.' },
];

const VALUES = [
  { title: 'Recycled gold', text: 'Every piece is cast in recycled 18k gold or sterling silver.' },
  { title: 'Made by hand', text: 'Polished, set and finished by hand in our own atelier.' },
  { title: 'Lifetime care', text: 'Free cleaning and resizing for as long as you wear it.' },
];

const BRANDS = ['Maison Lune', 'Orfèvre & Co', 'Atelier Nord', 'Sable Rouge', 'Éclat Studio'];

/** /about: the story, values, a team slider and brand logos (static content). */
export default function AboutPage() {
  useDocumentTitle(PAGE_HEADS['catalog/AboutPage']);
  return (
    <div className={styles.about}>
      <section className={styles.story}>
        <div>
          <p className={styles.eyebrow}>Our story</p>
          <h1>Jewelry made slowly, to be worn for a lifetime</h1>
        </div>
        <div className={styles.storyText}>
          <p>
            Aurelia Jewels began in 2012 as a two-person workshop above a bakery, with one bench, one kiln and a simple idea:
            fine jewelry should be beautiful enough for special days and strong enough for every other day.
          </p>
          <p>
            Today our atelier of twelve still designs, casts and finishes every ring, pendant and bracelet in house. We work only
            with recycled precious metals and stones whose origin we can trace, and we price every piece openly in your own currency.
          </p>
          <Link to="/shop" className={buttonClass()}>Explore the collection</Link>
        </div>
      </section>

      <section className={styles.values} aria-label="What we stand for">
        {VALUES.map((v) => (
          <div key={v.title} className={styles.value}>
            <h2>{v.title}</h2>
            <p>{v.text}</p>
          </div>
        ))}
      </section>

      <section className={styles.team} aria-labelledby="team-title">
        <h2 id="team-title">Meet the atelier</h2>
        <Carousel
          label="Our team"
          navigation
          perView={{ 600: 2, 1000: 3 }}
          slides={TEAM.map((member) => (
            <figure key={member.name} className={styles.member}>
              <span className={styles.portrait} aria-hidden="true">{member.name.split(' ').map((w) => w[0]).join('')}</span>
              <figcaption>
                <strong>{member.name}</strong>
                <span className={styles.role}>{member.role}</span>
                <span>{member.bio}</span>
              </figcaption>
            </figure>
          ))}
        />
      </section>

      <section className={styles.brands} aria-labelledby="brands-title">
        <h2 id="brands-title" className="visually-hidden">As seen with our partners</h2>
        <ul>
          {BRANDS.map((brand) => (
            <li key={brand}>
              <svg viewBox="0 0 200 60" width="160" height="48" role="img" aria-label={brand}>
                <text x="100" y="38" textAnchor="middle" style={{ fontFamily: 'var(--font-display)' }} fontSize="26" fontWeight="600" fill="currentColor">{brand}</text>
              </svg>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
