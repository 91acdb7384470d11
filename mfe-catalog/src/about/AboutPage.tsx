import { Link, buttonClass, PAGE_HEADS, useDocumentTitle, ROUTE_PATHS } from '@shop/shared';
import { Carousel } from '../slider/Carousel';
import styles from './AboutPage.module.css';
import { useT } from '../messages';

// People's names are theirs in every language; their roles and words come from the catalogue.
const TEAM = [
  { name: 'Isabelle Laurent', role: 'about.founder', bio: 'about.founderBio' },
  { name: 'Marco Bellini', role: 'about.goldsmith', bio: 'about.goldsmithBio' },
  { name: 'Hana Sato', role: 'about.gemologist', bio: 'about.gemologistBio' },
  { name: 'Oliver Grant', role: 'about.clientCare', bio: 'about.clientCareBio' },
] as const;

const VALUES = [
  { title: 'about.recycled', text: 'about.recycledText' },
  { title: 'about.byHand', text: 'about.byHandText' },
  { title: 'about.care', text: 'about.careText' },
] as const;

const BRANDS = ['Maison Lune', 'Orfèvre & Co', 'Atelier Nord', 'Sable Rouge', 'Éclat Studio'];

/** /about: the story, values, a team slider and brand logos (static content). */
export default function AboutPage() {
  const t = useT();
  useDocumentTitle(PAGE_HEADS['catalog/AboutPage']);
  return (
    <div className={styles.about}>
      <section className={styles.story}>
        <div>
          <p className={styles.eyebrow}>{t('about.eyebrow')}</p>
          <h1>{t('about.title')}</h1>
        </div>
        <div className={styles.storyText}>
          <p>{t('about.story1')}</p>
          <p>{t('about.story2')}</p>
          <Link to={ROUTE_PATHS.shop} className={buttonClass()}>{t('about.explore')}</Link>
        </div>
      </section>

      <section className={styles.values} aria-label={t('about.values')}>
        {VALUES.map((v) => (
          <div key={v.title} className={styles.value}>
            <h2>{t(v.title)}</h2>
            <p>{t(v.text)}</p>
          </div>
        ))}
      </section>

      <section className={styles.team} aria-labelledby="team-title">
        <h2 id="team-title">{t('about.meet')}</h2>
        <Carousel
          label={t('about.team')}
          navigation
          perView={{ 600: 2, 1000: 3 }}
          slides={TEAM.map((member) => (
            <figure key={member.name} className={styles.member}>
              <span className={styles.portrait} aria-hidden="true">{member.name.split(' ').map((w) => w[0]).join('')}</span>
              <figcaption>
                <strong>{member.name}</strong>
                <span className={styles.role}>{t(member.role)}</span>
                <span>{t(member.bio)}</span>
              </figcaption>
            </figure>
          ))}
        />
      </section>

      <section className={styles.brands} aria-labelledby="brands-title">
        <h2 id="brands-title" className="visually-hidden">{t('about.partners')}</h2>
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
