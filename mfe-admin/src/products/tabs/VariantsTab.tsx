import { useState } from 'react';
import { Button, DataTable, formatMoney, increaseIn, inputClass, NOT_AVAILABLE, type Column, type Currency } from '@shop/shared';
import adminStyles from '../../common/admin.module.css';
import { toPriceList } from '../../common/PriceInputs';
import { newLocalId, type OptionDraft, type VariantDraft } from '../productDraft';
import { OptionForm } from './OptionForm';
import { OptionPhotos, type ProductPhoto } from './OptionPhotos';
import styles from './ProductTabs.module.css';

type NewOption = Omit<OptionDraft, '_id'>;

/** What a change does: local edits in the add modal, one API call each in the edit modal. Each answers a promise that rejects on failure. */
export interface VariantActions {
  addVariant: (type: string, options: NewOption[]) => Promise<unknown>;
  renameVariant: (variant: VariantDraft, type: string) => Promise<unknown>;
  deleteVariant: (variant: VariantDraft) => Promise<unknown>;
  addOption: (variant: VariantDraft, option: NewOption) => Promise<unknown>;
  updateOption: (variant: VariantDraft, option: OptionDraft) => Promise<unknown>;
  deleteOption: (variant: VariantDraft, option: OptionDraft) => Promise<unknown>;
  /** Which of the product's photos show the piece with an option (issue 22): the edit modal's, once the product has photos. */
  setOptionPhotos?: (variant: VariantDraft, option: OptionDraft, imageUrls: string[]) => Promise<unknown>;
}

export interface VariantsTabProps {
  currencies: Currency[];
  variants: VariantDraft[];
  actions: VariantActions;
  /** The product's photos, which each option row picks among (with actions.setOptionPhotos). */
  photos?: ProductPhoto[];
}

const attempt = async (fn: () => Promise<unknown>) => {
  try {
    await fn();
    return true;
  } catch {
    return false;
  }
};

/** Variants (e.g. Size) with their options; a new variant needs a name and at least one option. */
export function VariantsTab({ currencies, variants, actions, photos }: VariantsTabProps) {
  const [newType, setNewType] = useState('');
  const [newOptions, setNewOptions] = useState<OptionDraft[]>([]);
  const [busy, setBusy] = useState(false);

  const addVariant = async () => {
    setBusy(true);
    if (await attempt(() => actions.addVariant(newType.trim(), newOptions.map(({ _id: _, ...o }) => o)))) {
      setNewType('');
      setNewOptions([]);
    }
    setBusy(false);
  };

  return (
    <div>
      {variants.length > 0 && photos?.length && actions.setOptionPhotos ? (
        <p className={`${adminStyles.muted} ${styles.photoHint}`}>
          Photos: tick the photos that show the piece with each option (each metal, say); the shop shows those when it is chosen. An option with none shows all the product's photos.
        </p>
      ) : null}
      {variants.map((v) => (
        <VariantCard key={v._id} variant={v} currencies={currencies} actions={actions} photos={photos} />
      ))}
      <section className={styles.variant} aria-label="New variant">
        <h3 className={styles.sectionTitle}>New variant</h3>
        <label className={adminStyles.label} htmlFor="new-variant-type">Variant name</label>
        <input id="new-variant-type" className={inputClass} value={newType} onChange={(e) => setNewType(e.target.value)} placeholder="Size" />
        <ul className={adminStyles.tags} aria-label="Options of the new variant">
          {newOptions.map((o) => (
            <li key={o._id}>
              <button type="button" className={adminStyles.tag} onClick={() => setNewOptions((list) => list.filter((x) => x._id !== o._id))} aria-label={`Remove option ${o.name}`}>
                {o.name} <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
        <OptionForm currencies={currencies} submitLabel="Add Option" onSubmit={async (o) => setNewOptions((list) => [...list, { ...o, _id: newLocalId() }])} />
        <div className={adminStyles.footer}>
          <Button onClick={addVariant} disabled={busy || !newType.trim() || newOptions.length === 0}>Add Variant</Button>
        </div>
      </section>
    </div>
  );
}

function VariantCard({ variant, currencies, actions, photos }: { variant: VariantDraft; currencies: Currency[]; actions: VariantActions; photos?: ProductPhoto[] }) {
  const [type, setType] = useState(variant.type);
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    const done = await attempt(fn);
    setBusy(false);
    return done;
  };
  // What the shop will charge (shared increaseIn): a currency with no increase shows 'Not Available'
  // when the option costs extra elsewhere, never a made-up +0.00.
  const priceSummary = (o: OptionDraft) => {
    const option = { incRate: toPriceList(currencies, o.incRate) };
    return currencies.map((c) => {
      const extra = increaseIn(option, c._id);
      return extra === undefined ? `${c.symbol} ${NOT_AVAILABLE}` : `+${formatMoney(extra, c.symbol)}`;
    }).join(' · ') || '—';
  };

  const columns: Column<OptionDraft>[] = [
    { header: 'Option', cell: (o) => o.name },
    { header: 'Active', cell: (o) => (o.isActive ? 'Yes' : 'No') },
    { header: 'In stock', cell: (o) => (o.inStock ? 'Yes' : 'No') },
    { header: 'Price increase', cell: priceSummary },
    ...(photos?.length && actions.setOptionPhotos
      ? [
          {
            header: 'Photos',
            cell: (o: OptionDraft) => (
              <OptionPhotos optionName={o.name} photos={photos} chosen={o.imageUrls ?? []} disabled={busy} onChange={(urls) => run(() => actions.setOptionPhotos!(variant, o, urls))} />
            ),
          },
        ]
      : []),
    {
      header: 'Action',
      cell: (o) => (
        <div className={adminStyles.rowActions}>
          <Button size="small" variant="secondary" onClick={() => setEditing(o._id)} aria-label={`Edit option ${o.name}`}>Edit</Button>
          <Button size="small" variant="danger" disabled={busy} onClick={() => run(() => actions.deleteOption(variant, o))} aria-label={`Delete option ${o.name}`}>Delete</Button>
        </div>
      ),
    },
  ];
  const editedOption = variant.options.find((o) => o._id === editing);

  return (
    <section className={styles.variant} aria-label={`Variant ${variant.type}`}>
      <div className={styles.variantHead}>
        <input className={inputClass} aria-label={`Name of variant ${variant.type}`} value={type} onChange={(e) => setType(e.target.value)} />
        <Button size="small" disabled={busy || !type.trim() || type.trim() === variant.type} onClick={() => run(() => actions.renameVariant(variant, type.trim()))}>Update</Button>
        <Button size="small" variant="danger" disabled={busy} onClick={() => run(() => actions.deleteVariant(variant))} aria-label={`Delete variant ${variant.type}`}>Delete</Button>
      </div>
      <DataTable caption={`Options of ${variant.type}`} columns={columns} rows={variant.options} rowKey={(o) => o._id} empty="No options yet." />
      {editedOption && (
        <OptionForm
          key={editedOption._id}
          currencies={currencies}
          initial={editedOption}
          submitLabel="Update"
          onSubmit={async (o) => {
            await actions.updateOption(variant, { ...o, _id: editedOption._id });
            setEditing(null);
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      {adding ? (
        <OptionForm
          currencies={currencies}
          submitLabel="Add Option"
          onSubmit={async (o) => {
            await actions.addOption(variant, o);
            setAdding(false);
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <div className={adminStyles.footer}>
          <Button size="small" variant="secondary" onClick={() => setAdding(true)}>Add option to {variant.type}</Button>
        </div>
      )}
    </section>
  );
}
