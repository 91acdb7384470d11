import { call, Link, notify, Spinner, urlOf, useLoad, productEditPath } from '@shop/shared';
import styles from './Dashboard.module.css';

/** The 'Low stock' card: combinations at or below the threshold, lowest first (GET /stock/low, at most 50); each title opens the product's edit. */
export function LowStockCard() {
  const loaded = useLoad(urlOf('lowStock'), () => call('lowStock').then(({ data }) => (Array.isArray(data) ? data : [])), {
    onError: () => notify.error('Failed to fetch low stock'),
  });
  const lines = loaded.data;

  return (
    <section className={`${styles.card} ${styles.wideCard}`} aria-labelledby="low-stock-title">
      <h2 id="low-stock-title" className={styles.cardTitle}>Low stock</h2>
      {loaded.status === 'failed' ? (
        <p className={styles.note} role="alert">Failed to fetch low stock</p>
      ) : !lines ? (
        <Spinner />
      ) : lines.length === 0 ? (
        <p className={styles.note}>No low stock</p>
      ) : (
        <div className={styles.lowWrap}>
          <table className={styles.low}>
            <caption className="visually-hidden">Combinations at or below the low-stock threshold, lowest first</caption>
            <thead>
              <tr><th scope="col">Product</th><th scope="col">Combination</th><th scope="col" className={styles.num}>Quantity</th></tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={`${l.productId} ${l.options.join(',')}`}>
                  <td><Link to={productEditPath(l.productId)} className={styles.productLink}>{l.title}</Link></td>
                  <td>{l.combination || '—'}</td>
                  <td className={`${styles.num} ${l.quantity === 0 ? styles.none : ''}`}>{l.quantity.toLocaleString('en-US')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
