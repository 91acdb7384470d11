import { ContentLink, Link, type SocialNetwork, useStorefrontContent } from '@shop/shared';
import { useT } from '../messages';
import styles from './Footer.module.css';
import { SOCIAL_NAMES } from '@shop/shared/src/contract';

/** The social networks' icons (the accounts' pages are the owner's: issue 38, 17, GET /api/content). */
const SOCIAL_ICONS: Record<SocialNetwork, string> = {
  instagram: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm5.5-1.5h.01',
  facebook: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4v2H7v4h3v7h4v-7h3l1-4h-4V8.5c0-.3.2-.5.5-.5z',
  pinterest: 'M12 3a9 9 0 0 0-3.3 17.4c-.1-.8 0-1.9.2-2.7l1.2-5s-.3-.6-.3-1.5c0-1.4.8-2.5 1.8-2.5.9 0 1.3.7 1.3 1.4 0 .9-.6 2.2-.9 3.4-.2 1 .5 1.9 1.6 1.9 1.9 0 3.1-2.4 3.1-5.3 0-2.2-1.5-3.8-4.2-3.8A4.8 4.8 0 0 0 7.4 11c0 .9.3 1.6.7 2',
};

const socialIcon = (path: string) => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true"><path d={path} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" /></svg>
);

/**
 * The footer: the brand and tagline, the shop's social accounts and its two groups of links, as the owner
 * wrote them in the back office (issue 38, 17): a link or an account left empty is not shown at all,
 * never as a link that goes nowhere. The groups' titles are the interface's.
 */
export function Footer() {
  const t = useT();
  const { content } = useStorefrontContent();
  const footer = content?.footer;
  const groups = [
    { title: t('footer.customer'), links: footer?.customer ?? [] },
    { title: t('footer.information'), links: footer?.information ?? [] },
  ];
  const social = (footer?.social ?? []).filter((s): s is { network: SocialNetwork; url: string } => s.network in SOCIAL_ICONS);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Link to="/" className={styles.logo}>Aurelia <span>Jewels</span></Link>
          <p>{t('footer.tagline')}</p>
          {social.length > 0 && (
            <ul className={styles.social}>
              {social.map((s) => (
                <li key={s.network}>
                  <a href={s.url} aria-label={SOCIAL_NAMES[s.network]} rel="noopener noreferrer">{socialIcon(SOCIAL_ICONS[s.network])}</a>
                </li>
              ))}
            </ul>
          )}
        </div>
        {groups.map((group) => (
          <nav key={group.title} aria-label={group.title} className={styles.group}>
            <h2>{group.title}</h2>
            <ul>
              {group.links.map(({ label, url }) => (
                <li key={`${label} ${url}`}><ContentLink href={url}>{label}</ContentLink></li>
              ))}
              {/* Issue 40: a guest who lost the order link asks for it again. */}
              {group === groups[0] && <li><Link to="/find-my-order">{t('footer.findOrder')}</Link></li>}
            </ul>
          </nav>
        ))}
      </div>
      <p className={styles.copyright}>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
