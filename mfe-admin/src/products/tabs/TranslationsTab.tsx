import { useState, type ReactNode } from 'react';
import { translationsProblem, type Product, type TranslatedField, type Translations } from '@shop/shared';
import { TranslationFields, translationDraft } from '../../common/TranslationFields';
import styles from '../../common/admin.module.css';

type Named = Translations<'name'>;
/** What the tab saves: the product's texts, and its variants' and options' names, by id; only what changed. */
export interface TranslationChanges {
  product?: Translations<'title' | 'description'>;
  variants: Array<{ id: string; translations: Named }>;
  options: Array<{ id: string; translations: Named }>;
}

const PRODUCT_FIELDS = ['title', 'description'] as const;
const NAME = ['name'] as const;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The product's title and description, its variants' and options' names, in each language the shop translates into (issue 37). */
export function TranslationsTab({ product, onSave, footer }: { product: Product; onSave: (changes: TranslationChanges) => void; footer: (onClick: () => void) => ReactNode }) {
  const initial = () => ({
    product: translationDraft(PRODUCT_FIELDS, product.translations),
    variants: Object.fromEntries(product.variants.map((v) => [v._id, translationDraft(NAME, v.translations)])),
    options: Object.fromEntries(product.variants.flatMap((v) => v.options.map((o) => [o._id, translationDraft(NAME, o.translations)]))),
  });
  const [draft, setDraft] = useState(initial);
  const [shown, setShown] = useState(product);
  const [error, setError] = useState<string>();
  // A saved product (the server's answer) starts the form again.
  if (shown !== product) {
    setShown(product);
    setDraft(initial());
  }
  const save = () => {
    const start = initial();
    const changed = <T,>(now: Record<string, T>, before: Record<string, T>) => Object.keys(now).filter((id) => !same(now[id], before[id])).map((id) => ({ id, translations: now[id] }));
    const changes: TranslationChanges = {
      ...(same(draft.product, start.product) ? {} : { product: draft.product }),
      variants: changed(draft.variants, start.variants),
      options: changed(draft.options, start.options),
    };
    const problem = [changes.product && translationsProblem(changes.product, PRODUCT_FIELDS), ...[...changes.variants, ...changes.options].map((c) => translationsProblem(c.translations, NAME as readonly TranslatedField[]))].find(Boolean);
    setError(problem || undefined);
    if (!problem) onSave(changes);
  };
  return (
    <div className={styles.form}>
      <TranslationFields
        legend="Product"
        texts={[
          { field: 'title', label: 'Title', english: product.title },
          { field: 'description', label: 'Description', english: product.description, multiline: true },
        ]}
        value={draft.product}
        onChange={(p) => setDraft({ ...draft, product: p })}
      />
      {product.variants.map((v) => (
        <div key={v._id}>
          <TranslationFields legend={`Variant ${v.type}`} texts={[{ field: 'name', label: 'Variant name', english: v.type }]} value={draft.variants[v._id]} onChange={(t) => setDraft({ ...draft, variants: { ...draft.variants, [v._id]: t } })} />
          {v.options.map((o) => (
            <TranslationFields
              key={o._id}
              legend={`${v.type}: ${o.name}`}
              texts={[{ field: 'name', label: 'Option name', english: o.name }]}
              value={draft.options[o._id]}
              onChange={(t) => setDraft({ ...draft, options: { ...draft.options, [o._id]: t } })}
            />
          ))}
        </div>
      ))}
      {error && <p role="alert" className={styles.label}>{error}</p>}
      {footer(save)}
    </div>
  );
}
