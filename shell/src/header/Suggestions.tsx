import type { ReactNode } from 'react';
import { assetUrl, PriceTag, shownPrice, type Currency, type SuggestAnswer, type SuggestedOption, type SuggestedProduct, shopOptionPath } from '@shop/shared';
import { useT } from '../messages';
import styles from './SearchBox.module.css';

/** One choice of the list: a product (its page) or a filter option (the shop filtered by it). */
export type Suggestion = { kind: 'product'; product: SuggestedProduct; href: string } | { kind: 'option'; option: SuggestedOption; href: string };

export const suggestionsOf = (answer: SuggestAnswer): Suggestion[] => [
  ...answer.products.map((product): Suggestion => ({ kind: 'product', product, href: `/${product.slug}` })),
  ...answer.options.map((option): Suggestion => ({ kind: 'option', option, href: shopOptionPath(option.optionId) })),
];

export const suggestionId = (i: number) => `header-search-suggestion-${i}`;

interface SuggestionsProps {
  id: string;
  items: Suggestion[];
  open: boolean;
  /** The index of the option the arrows are on, -1 for none. */
  active: number;
  currency: Currency | undefined;
  onPick: (i: number) => void;
  onPoint: (i: number) => void;
}

/**
 * The combobox's listbox (ARIA 1.2): products with photo and price (the selected currency, the shop's
 * sale rule, as a card shows it), then filter options, each group labelled. The focus stays in the
 * box (aria-activedescendant), so an option is chosen on mousedown, before the box would lose it.
 */
export function Suggestions({ id, items, open, active, currency, onPick, onPoint }: SuggestionsProps) {
  const t = useT();
  const option = (item: Suggestion, i: number) => (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the box's own keys (arrows, Enter) choose an option; the focus never leaves it (aria-activedescendant)
    <div
      key={item.href}
      id={suggestionId(i)}
      role="option"
      aria-selected={i === active}
      tabIndex={-1}
      className={styles.option}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => onPick(i)}
      onMouseMove={() => i !== active && onPoint(i)}
    >
      {item.kind === 'product' ? (
        <>
          {item.product.imageUrl ? <img className={styles.photo} src={assetUrl(item.product.imageUrl, 160)} alt="" width={40} height={52} /> : <span className={styles.photo} />}
          <span className={styles.text}>
            <span className={styles.title}>{item.product.title}</span>
            <PriceTag price={shownPrice({ ...item.product, variants: [] }, [], currency?._id)} currency={currency} inline />
          </span>
        </>
      ) : (
        <span className={styles.text}>
          <span className={styles.title}>{item.option.option}</span>
          <span className={styles.filter}>{item.option.filter}</span>
        </span>
      )}
    </div>
  );
  const products = items.flatMap((item, i) => (item.kind === 'product' ? [option(item, i)] : []));
  const options = items.flatMap((item, i) => (item.kind === 'option' ? [option(item, i)] : []));
  // The headings are for the eye; each group is named for a screen reader (a heading inside a listbox is no option).
  const group = (name: string, list: ReactNode[]) =>
    list.length > 0 && (
      <>
        <div className={styles.heading} aria-hidden="true">{name}</div>
        {/* biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (ARIA 1.2), not a set of form fields */}
        <div role="group" aria-label={name}>{list}</div>
      </>
    );
  return (
    <div id={id} role="listbox" aria-label={t('search.suggestions')} className={styles.panel} hidden={!open}>
      {group(t('search.products'), products)}
      {group(t('search.filters'), options)}
    </div>
  );
}
