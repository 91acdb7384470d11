import { useRef, useState } from 'react';
import { Link, Button, EmptyState, Pagination, Spinner, shopHead, useDocumentTitle, usePageReady, useSelectedCurrency, ROUTE_PATHS } from '@shop/shared';
import { ProductGrid } from '../products/ProductGrid';
import { FilterSidebar } from './FilterSidebar';
import { FilterModal, SortModal } from './MobileModals';
import { PAGE_SIZE, SORTS } from './shopQuery';
import { useCurrenciesSettled, useFilters, useHighestPrice, useProductList } from './useShopData';
import { useLocalCopy, useShopQuery } from './useShopQuery';
import styles from './ShopPage.module.css';
import { useT } from '../messages';

/** /shop: the product list with search, price range, filters, sorting, grid/list and pagination. */
export default function ShopPage() {
  const t = useT();
  const [query, update] = useShopQuery();
  const currency = useSelectedCurrency();
  const ready = useCurrenciesSettled();
  const list = useProductList(query, currency?._id, ready);
  const filters = useFilters();
  const highest = useHighestPrice(currency?._id);
  const [modal, setModal] = useState<'sort' | 'filter' | null>(null);
  const [sort, setSort] = useLocalCopy(query.sort);
  const [view, setView] = useLocalCopy(query.view);
  const top = useRef<HTMLDivElement>(null);
  usePageReady(list.status === 'succeeded' || list.status === 'failed');

  useDocumentTitle(shopHead(query.que, t.locale));

  const activeCount = query.options.length + (query.min !== undefined || query.max !== undefined ? 1 : 0) + (query.available ? 1 : 0) + (query.sale ? 1 : 0) + (query.topRated ? 1 : 0);
  const chooseView = (next: typeof view) => {
    setView(next);
    update({ view: next });
  };
  const goToPage = (page: number) => {
    update({ page });
    top.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className={styles.shop}>
      <h1 className="visually-hidden">{t('shop.title')}</h1>
      <div className={styles.sidebar}>
        <FilterSidebar query={query} filters={filters} highest={highest} symbol={currency?.symbol ?? ''} onChange={update} />
      </div>

      <section className={styles.results} aria-labelledby="shop-results-title" ref={top}>
        <h2 id="shop-results-title" className="visually-hidden">{t('shop.products')}</h2>
        <div className={styles.toolbar}>
          <div className={styles.mobileActions}>
            <Button variant="secondary" size="small" onClick={() => setModal('sort')}>{t('shop.sort')}</Button>
            <Button variant="secondary" size="small" onClick={() => setModal('filter')}>
              {activeCount > 0 ? t('shop.filterCount', { count: activeCount }) : t('shop.filter')}
            </Button>
          </div>
          <fieldset className={styles.views} aria-label={t('shop.display')}>
            <button type="button" className={styles.view} aria-pressed={view === 'grid'} onClick={() => chooseView('grid')} title={t('shop.grid')}>
              <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true"><path d="M2 2h7v7H2zM11 2h7v7h-7zM2 11h7v7H2zM11 11h7v7h-7z" fill="currentColor" /></svg>
              <span className="visually-hidden">{t('shop.gridView')}</span>
            </button>
            <button type="button" className={styles.view} aria-pressed={view === 'list'} onClick={() => chooseView('list')} title={t('shop.list')}>
              <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true"><path d="M2 3h4v4H2zM8 4h10v2H8zM2 13h4v4H2zM8 14h10v2H8z" fill="currentColor" /></svg>
              <span className="visually-hidden">{t('shop.listView')}</span>
            </button>
          </fieldset>
          <label className={styles.sort}>
            <span className="visually-hidden">{t('shop.sortBy')}</span>
            <select
              value={sort}
              onChange={(e) => {
                const next = e.target.value as typeof query.sort;
                setSort(next);
                update({ sort: next });
              }}
            >
              {SORTS.map((s) => <option key={s.value} value={s.value}>{t(s.label)}</option>)}
            </select>
          </label>
        </div>

        {(query.que || activeCount > 0) && (
          <p className={styles.active}>
            {query.que && t.rich('shop.resultsFor', { keyword: query.que, strong: (chunks) => <strong>{chunks}</strong> })}
            <Link to={query.view === 'list' ? `${ROUTE_PATHS.shop}?view=list` : ROUTE_PATHS.shop}>{t('shop.clear')}</Link>
          </p>
        )}

        <p className="visually-hidden" role="status">
          {list.status === 'succeeded' ? t('shop.found', { count: list.itemCount }) : ''}
        </p>
        <div aria-busy={list.status === 'loading'}>
          {list.status === 'failed' ? (
            <div className={styles.failed}>
              <EmptyState>{t('shop.failed')}</EmptyState>
              <Button onClick={list.retry}>{t('common.retry')}</Button>
            </div>
          ) : list.status !== 'succeeded' && list.items.length === 0 ? (
            <Spinner label={t('common.loadingProducts')} />
          ) : list.items.length === 0 ? (
            <EmptyState>{t('common.noProduct')}</EmptyState>
          ) : (
            <div className={list.status === 'loading' ? styles.stale : undefined}>
              <ProductGrid products={list.items} currency={currency} layout={query.view} eagerCount={4} label={t('shop.products')} />
            </div>
          )}
        </div>

        {list.itemCount > 0 && list.status !== 'failed' && (
          <Pagination page={query.page} limit={PAGE_SIZE} itemCount={list.itemCount} onPageChange={goToPage} showRange />
        )}
      </section>

      <SortModal open={modal === 'sort'} sort={query.sort} onClose={() => setModal(null)} onChange={(sort) => update({ sort })} />
      <FilterModal open={modal === 'filter'} query={query} filters={filters} onClose={() => setModal(null)} onApply={update} />
    </div>
  );
}
