import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useCombobox, useNavigate } from '@shop/shared';
import { KINDS, useGlobalSearch, type SearchOption } from './useGlobalSearch';
import styles from './AdminFrame.module.css';

const LIST_ID = 'admin-search-list';
const optionId = (i: number) => `admin-search-option-${i}`;

/** Whether a key press is typing into something (then '/' is a character, not the shortcut). */
const typingIn = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The back office's global search (issue 19), an ARIA 1.2 combobox: as you type, a list of orders,
 * products and customers (GET /admin/search). Down and Up move through it (and back to the box),
 * Enter opens the option they are on (the first when none), Escape closes the list and a second
 * clears the box; a click chooses too. '/' (outside a field) or Ctrl+K (Cmd+K) focuses the box.
 */
export function GlobalSearch({ onOpenOrder }: { onOpenOrder?: (orderId: string) => void }) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const box = useCombobox();
  const { options, settled, failed } = useGlobalSearch(text, box.open);
  const count = options.length;
  const active = box.activeIn(count);
  const shown = box.open && count > 0;
  const nothing = box.open && count === 0 && (settled !== undefined || failed);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const ctrlK = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typingIn(event.target);
      if (!ctrlK && !slash) return;
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const choose = (option: SearchOption) => {
    box.close();
    setText('');
    input.current?.blur();
    navigate(option.href);
    if (option.orderId) onOpenOrder?.(option.orderId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      box.move(event.key === 'ArrowDown' ? 1 : -1, count);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (shown) choose(options[Math.max(active, 0)]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (shown || nothing) box.close();
      else setText('');
    }
  };

  let index = 0;
  return (
    <search className={styles.search}>
      <label htmlFor="admin-search" className="visually-hidden">Search orders, products and customers</label>
      <svg className={styles.searchIcon} viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="1.6" />
      </svg>
      <input
        ref={input}
        id="admin-search"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={LIST_ID}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        aria-keyshortcuts="/ Control+K"
        autoComplete="off"
        placeholder="Search orders, products, customers…"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          box.typed();
        }}
        onFocus={() => box.setOpen(true)}
        onBlur={() => box.setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <span className={styles.shortcut} aria-hidden="true">/</span>
      <div id={LIST_ID} role="listbox" aria-label="Search results" className={styles.results} hidden={!shown}>
        {KINDS.map(({ kind, title }) => {
          const group = options.filter((o) => o.kind === kind);
          if (!group.length) return null;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (ARIA 1.2), not a set of form fields
            <div key={kind} role="group" aria-label={title} className={styles.resultGroup}>
              <div className={styles.resultTitle} aria-hidden="true">{title}</div>
              {group.map((option) => {
                const i = index++;
                return (
                  <div
                    key={option.key}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === active}
                    tabIndex={-1}
                    className={i === active ? `${styles.result} ${styles.resultActive}` : styles.result}
                    // mousedown, not click: the box keeps its focus (its blur would close the list first).
                    onMouseDown={(e) => {
                      e.preventDefault();
                      choose(option);
                    }}
                    onMouseMove={() => box.setActive(i)}
                  >
                    <span className={styles.resultLabel}>{option.label}</span>
                    <span className={styles.resultDetail}>{option.detail}</span>
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
      <div role="status" className={nothing ? styles.noResults : 'visually-hidden'}>
        {nothing ? (failed ? 'The search failed. Try again.' : `Nothing found for ‘${settled}’.`) : shown ? `${count} results` : ''}
      </div>
    </search>
  );
}
