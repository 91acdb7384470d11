import { useEffect, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useCombobox, useLocation, useNavigate, useSelectedCurrency, shopSearchPath } from '@shop/shared';
import { suggestionId, Suggestions, suggestionsOf } from './Suggestions';
import { useT } from '../messages';
import { useSuggestions } from './useSuggestions';
import styles from './Header.module.css';
import own from './SearchBox.module.css';

const LIST_ID = 'header-search-suggestions';

/**
 * Submits a keyword to /shop as `que`, pre-filled from the URL, and suggests as you type (issue 20):
 * an ARIA 1.2 combobox whose list holds products and filter options. Down and Up move through it
 * (Up from the top, Down from the bottom, back to the box), Enter opens the option they are on or,
 * on none, searches; Escape closes the list; a click chooses too.
 */
export function SearchBox() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const currency = useSelectedCurrency();
  const current = new URLSearchParams(location.search).get('que') ?? '';
  const [keyword, setKeyword] = useState(current);
  // Open while the shopper types in the box; the list shows once there is something to show.
  const box = useCombobox();
  const suggested = useSuggestions(keyword, box.open);
  const items = suggestionsOf(suggested);
  const count = items.length;
  const active = box.activeIn(count);
  const shown = box.open && count > 0;
  const noMatches = box.open && suggested.noMatches;

  useEffect(() => setKeyword(current), [current]);

  const go = (href: string) => {
    box.close();
    navigate(href);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const que = keyword.trim();
    go(shopSearchPath(que));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      box.move(event.key === 'ArrowDown' ? 1 : -1, count);
    } else if (event.key === 'Enter' && shown && active >= 0) {
      event.preventDefault();
      go(items[active].href);
    } else if (event.key === 'Escape' && shown) {
      // Closes the list only; a second Escape clears the box as a search box does.
      event.preventDefault();
      box.close();
    }
  };

  return (
    <search className={`${styles.searchArea} ${own.area}`}>
      <form className={styles.search} onSubmit={submit}>
        <label htmlFor="header-search" className="visually-hidden">{t('search.label')}</label>
        <input
          id="header-search"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={LIST_ID}
          aria-activedescendant={shown && active >= 0 ? suggestionId(active) : undefined}
          autoComplete="off"
          placeholder={t('search.placeholder')}
          value={keyword}
          onChange={(e) => {
            setKeyword(e.target.value);
            box.typed();
          }}
          onKeyDown={onKeyDown}
          onBlur={() => box.setOpen(false)}
        />
        <button type="submit" aria-label={t('search.submit')}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="1.6" /><path d="m20 20-4-4" stroke="currentColor" strokeWidth="1.6" /></svg>
        </button>
      </form>
      <Suggestions id={LIST_ID} items={items} open={shown} active={active} currency={currency} onPick={(i) => go(items[i].href)} onPoint={box.setActive} />
      {/* Issue 38: typed, asked, nothing found: said (politely announced), never an empty silence. */}
      <p className={own.noMatches} role="status" hidden={!noMatches}>{noMatches ? t('search.noMatches') : ''}</p>
    </search>
  );
}
