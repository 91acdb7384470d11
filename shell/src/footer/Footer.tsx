import { Link, ROUTE_PATHS } from '@shop/shared';
import { useT } from '../messages';
import styles from './Footer.module.css';

/**
 * A footer entry links only where it has a page to go to (`to`); the others are shown as text until
 * they get one, rather than as links that go nowhere.
 */
type FooterKey = Parameters<ReturnType<typeof useT>>[0];
const GROUPS: Array<{ title: FooterKey; links: Array<{ label: FooterKey; to?: string }> }> = [
  { title: 'footer.customer', links: [{ label: 'footer.shipping' }, { label: 'footer.secure' }] },
  { title: 'footer.information', links: [{ label: 'footer.privacy', to: ROUTE_PATHS.privacy }, { label: 'footer.service', to: ROUTE_PATHS.contact }] },
];

/** The shop's profiles: an icon links once it has an `href`. */
const SOCIAL: Array<{ label: string; path: string; href?: string }> = [
  { label: 'Instagram', path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5h.01' },
  { label: 'Facebook', path: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4v2H7v4h3v7h4v-7h3l1-4h-4V8.5c0-.3.2-.5.5-.5z' },
  { label: 'Pinterest', path: 'M12 3a9 9 0 0 0-3.3 17.4c-.1-.8 0-1.9.2-2.7l1.2-5s-.3-.6-.3-1.5c0-1.4.8-2.5 1.8-2.5.9 0 1.3.7 1.3 1.4 0 .9-.6 2.2-.9 3.4-.2 1 .5 1.9 1.6 1.9 1.9 0 3.1-2.4 3.1-5.3 0-2.2-1.5-3.8-4.2-3.8A4.8 4.8 0 0 0 7.4 11c0 .9.3 1.6.7 2' },
];

const socialIcon = (path: string) => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d={path} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" /></svg>
);

export function Footer() {
  const t = useT();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Link to="/" className={styles.logo}>Aurelia <span>Jewels</span></Link>
          <p>{t('footer.tagline')}</p>
          <ul className={styles.social}>
            {SOCIAL.map((s) => (
              <li key={s.label}>
                {s.href ? (
                  <a href={s.href} aria-label={s.label}>{socialIcon(s.path)}</a>
                ) : (
                  <span role="img" aria-label={s.label}>{socialIcon(s.path)}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
        {GROUPS.map((group) => (
          <nav key={group.title} aria-label={t(group.title)} className={styles.group}>
            <h2>{t(group.title)}</h2>
            <ul>
              {group.links.map(({ label, to }) => (
                <li key={label}>{to ? <Link to={to}>{t(label)}</Link> : <span>{t(label)}</span>}</li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className={styles.copyright}>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
