import { Link, Button, EmptyState, Spinner, buttonClass, PAGE_HEADS, useDocumentTitle, usePageReady, useSelectedCurrency, useStorefrontContent, ROUTE_PATHS } from '@shop/shared';
import { ProductGrid } from '../products/ProductGrid';
import { HeroSlider } from './HeroSlider';
import { PromoBanners } from './PromoBanners';
import { Testimonials } from './Testimonials';
import { useTopTrend } from './useTopTrend';
import styles from './HomePage.module.css';
import { useT } from '../messages';

/** /: the owner's hero and promo banners, the 12 newest products ('Top Trend') and testimonials. */
export default function HomePage() {
  const t = useT();
  useDocumentTitle(PAGE_HEADS['catalog/HomePage']);
  const currency = useSelectedCurrency();
  const trend = useTopTrend(currency?._id);
  // The owner's slides and banners (issue 38, 17): one read shared with the footer.
  const content = useStorefrontContent();
  const images = trend.products.map((p) => p.imageUrls[0]).filter(Boolean);
  // The hero's photos come with the products, its words with the content: until both are here the server's first view shows them.
  usePageReady((trend.status === 'succeeded' || trend.status === 'failed') && content.status !== 'loading');

  return (
    <div className={styles.home}>
      <h1 className="visually-hidden">{t('home.title')}</h1>
      <HeroSlider slides={content.content?.slides ?? []} images={images.slice(0, 3)} />
      <PromoBanners banners={content.content?.banners ?? []} images={images.slice(3, 6)} />

      <section className={styles.trend} aria-labelledby="top-trend-title">
        <header className={styles.sectionHead}>
          <p className={styles.eyebrow}>{t('home.newest')}</p>
          <h2 id="top-trend-title">{t('home.topTrend')}</h2>
        </header>
        {trend.status === 'failed' ? (
          <div className={styles.failed}>
            <EmptyState>{t('home.failed')}</EmptyState>
            <Button onClick={trend.retry}>{t('common.retry')}</Button>
          </div>
        ) : trend.status !== 'succeeded' ? (
          <Spinner label={t('common.loadingProducts')} />
        ) : trend.products.length === 0 ? (
          <EmptyState>{t('common.noProduct')}</EmptyState>
        ) : (
          <ProductGrid products={trend.products} currency={currency} label={t('home.topTrend')} />
        )}
        <div className={styles.more}>
          <Link to={ROUTE_PATHS.shop} className={buttonClass('secondary')}>{t('home.discover')}</Link>
        </div>
      </section>

      <Testimonials />
    </div>
  );
}
