import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from '@shop/shared';
import styles from './Header.module.css';

/** Submits a keyword to /shop as `que`, pre-filled from the URL. */
export function SearchBox() {
  const location = useLocation();
  const navigate = useNavigate();
  const current = new URLSearchParams(location.search).get('que') ?? '';
  const [keyword, setKeyword] = useState(current);

  useEffect(() => setKeyword(current), [current]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const que = keyword.trim();
    navigate(que ? `/shop?que=${encodeURIComponent(que)}` : '/shop');
  };

  return (
    <search className={styles.searchArea}>
      <form className={styles.search} onSubmit={submit}>
        <label htmlFor="header-search" className="visually-hidden">Search products</label>
        <input id="header-search" type="search" placeholder="Search jewelry…" value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        <button type="submit" aria-label="Search">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="1.6" /><path d="m20 20-4-4" stroke="currentColor" strokeWidth="1.6" /></svg>
        </button>
      </form>
    </search>
  );
}
