import { bandTitle, Link, useLocale, useLocation } from '@shop/shared';
import { useT } from '../messages';
import { shopRoutes } from '../routing/routeTable';
import styles from './Breadcrumb.module.css';

/** A record's id in a path (/order-confirmation/<id>): no title of its own, so the trail and band leave it out (issue 38). */
const ID_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SPEC §2: breadcrumb titles built from the path (home has none). */
export function Breadcrumb() {
  const t = useT();
  const { pathname } = useLocation();
  const locale = useLocale();
  if (pathname === '/') return null;
  // Issue 40: a guest order link's token (/order-status/<token>) is a secret: never shown in the trail or band.
  const segments = pathname.split('/').filter((s, i, all) => s && !ID_SEGMENT.test(s) && all[i - 1] !== 'order-status');
  // SPEC §2's title (the last segment, dashes as spaces) in English; the page's French name on /fr (issue 37).
  const title = segments.length ? bandTitle(segments[segments.length - 1], locale) : '';
  // Issue 38: a product page says its title in its own heading; on a phone the band's copy of it would
  // push the price and Add to cart below the first screen, so there the band keeps the trail alone.
  const product = segments.length === 1 && !shopRoutes.some((route) => route.path === `/${segments[0]}`);
  return (
    <div className={product ? `${styles.band} ${styles.productBand}` : styles.band}>
      <p className={styles.title} aria-hidden="true">{title}</p>
      <nav aria-label={t('breadcrumb.label')}>
        <ol className={styles.trail}>
          <li><Link to="/">{t('breadcrumb.home')}</Link></li>
          {segments.map((_, i) => {
            const to = `/${segments.slice(0, i + 1).join('/')}`;
            const label = bandTitle(segments[i], locale);
            const last = i === segments.length - 1;
            return <li key={to}>{last ? <span aria-current="page">{label}</span> : <span>{label}</span>}</li>;
          })}
        </ol>
      </nav>
    </div>
  );
}
