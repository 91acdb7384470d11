import { useState } from 'react';
import { Button, call, urlOf, DataTable, inputClass, Modal, notify, Spinner, translationsProblem, useLoad, type Column, type Filter, type FilterOption, type Translations } from '@shop/shared';
import { TranslationFields, translationDraft } from '../common/TranslationFields';
import styles from '../common/admin.module.css';
import { useSaving } from '../common/useSaving';
import { IN_ENGLISH } from '../common/inEnglish';

export interface FilterDetailsModalProps {
  filterId: string | null;
  onClose: () => void;
  /** The filter as the server answers after a change (replaces the row in the list). */
  onUpdated: (filter: Filter) => void;
}

/** The filter's detail modal: name edit (pencil, confirm, cancel), options table with edit/delete, Add Option row. */
export function FilterDetailsModal({ filterId, onClose, onUpdated }: FilterDetailsModalProps) {
  const [editingName, setEditingName] = useState(false);
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const [newOption, setNewOption] = useState('');
  const [busy, save] = useSaving();
  const [editingOption, setEditingOption] = useState<{ option: FilterOption; name: string } | null>(null);
  // Another filter opened: no edit of the last one stays open.
  const [shownId, setShownId] = useState(filterId);
  if (shownId !== filterId) {
    setShownId(filterId);
    setEditingName(false);
    setAdding(false);
    setEditingOption(null);
  }
  const loaded = useLoad(filterId && urlOf('filter', { params: { id: filterId }, query: IN_ENGLISH }), () => call('filter', { params: { id: filterId! }, query: IN_ENGLISH }).then(({ data }) => data), {
    onError: () => {
      notify.error('Error fetching filter');
      onClose();
    },
  });
  const filter = loaded.data;

  const changed = (updated: Filter) => {
    loaded.setData(() => updated);
    onUpdated(updated);
  };

  // Issue 37: the filter's and its options' names in other languages, edited together, each record saved by its own call.
  const NAME = ['name'] as const;
  const translationsOf = (f: Filter) => ({ [f._id]: translationDraft(NAME, f.translations), ...Object.fromEntries(f.filterOptions.map((o) => [o._id, translationDraft(NAME, o.translations)])) });
  const [translations, setTranslations] = useState<Record<string, Translations<'name'>> | null>(null);
  const [shownFilter, setShownFilter] = useState(filter);
  if (shownFilter !== filter) {
    setShownFilter(filter);
    setTranslations(filter ? translationsOf(filter) : null);
  }
  const saveTranslations = async () => {
    if (!filter || !translations) return;
    const before = translationsOf(filter);
    const edits = Object.keys(translations).filter((id) => JSON.stringify(translations[id]) !== JSON.stringify(before[id]));
    const problem = edits.map((id) => translationsProblem(translations[id], NAME)).find(Boolean);
    if (problem) return void notify.error(problem);
    if (!edits.length) return void notify.info('No translation changed');
    for (const id of edits) {
      const body = { translations: translations[id] };
      const sent = id === filter._id ? call('renameFilter', { params: { id }, body }) : call('renameFilterOption', { params: { id }, body });
      const saved = await save(sent, { pending: 'Updating Translations...', success: 'Translations Updated Successfully!', error: 'Failed to Update Translations.' });
      if (!saved) return;
      changed(saved.data);
    }
  };

  const saveName = async () => {
    if (!filter || !name.trim()) return;
    const saved = await save(call('renameFilter', { params: { id: filter._id }, body: { name: name.trim() } }), {
      pending: 'Updating Filter Name...',
      success: 'Filter Name Updated Successfully!',
      error: 'Failed to Update Filter Name.',
    });
    if (!saved) return;
    changed(saved.data);
    setEditingName(false);
  };

  const addOption = async () => {
    if (!filter || !newOption.trim()) return;
    const saved = await save(call('addFilterOption', { params: { id: filter._id }, body: { name: newOption.trim() } }), {
      pending: 'Adding Filter Option...',
      success: 'Filter Option Added Successfully!',
      error: 'Failed to Add Filter Option.',
    });
    if (!saved) return;
    // SPEC §4: the option list becomes the server's filterOptions and the row closes.
    changed({ ...filter, filterOptions: saved.data.filterOptions });
    setAdding(false);
    setNewOption('');
  };

  const updateOption = async () => {
    if (!editingOption?.name.trim()) return;
    const saved = await save(call('renameFilterOption', { params: { id: editingOption.option._id }, body: { name: editingOption.name.trim() } }), {
      pending: 'Updating Filter Option...',
      success: 'Filter Option Updated Successfully!',
      error: 'Failed to Update Filter Option.',
    });
    if (!saved) return;
    changed(saved.data);
    setEditingOption(null);
  };

  const deleteOption = async (option: FilterOption) => {
    const saved = await save(call('deleteFilterOption', { params: { id: option._id } }), {
      pending: 'Deleting Filter Option...',
      success: 'Filter Option Deleted Successfully!',
      error: 'Failed to Delete Filter Option.',
    });
    if (saved) changed(saved.data);
  };

  const isEditing = (o: FilterOption) => editingOption?.option._id === o._id;
  const columns: Column<FilterOption>[] = [
    { header: 'Sr. No.', cell: (_, i) => i + 1 },
    {
      header: 'Option Name',
      cell: (o) =>
        isEditing(o) ? (
          <input className={inputClass} aria-label={`New name for ${o.name}`} value={editingOption!.name} onChange={(e) => setEditingOption({ option: o, name: e.target.value })} />
        ) : (
          o.name
        ),
    },
    {
      header: 'Action',
      cell: (o) =>
        isEditing(o) ? (
          <div className={styles.rowActions}>
            {/* SPEC §5: the filter option Update is disabled when the name is unchanged. */}
            <Button size="small" onClick={updateOption} disabled={busy || !editingOption!.name.trim() || editingOption!.name.trim() === o.name}>Update</Button>
            <Button size="small" variant="secondary" onClick={() => setEditingOption(null)}>Cancel</Button>
          </div>
        ) : (
          <div className={styles.rowActions}>
            <Button size="small" variant="secondary" aria-label={`Edit option ${o.name}`} onClick={() => setEditingOption({ option: o, name: o.name })}>Edit</Button>
            <Button size="small" variant="danger" aria-label={`Delete option ${o.name}`} disabled={busy} onClick={() => deleteOption(o)}>Delete</Button>
          </div>
        ),
    },
  ];

  return (
    <Modal
      open={filterId !== null}
      title="Filter details"
      onClose={onClose}
      // A name or an option being typed and not saved yet: closing asks first (issue 19).
      dirty={!busy && ((editingName && name.trim() !== '' && name !== filter?.name) || (adding && newOption.trim() !== '') || (editingOption !== null && editingOption.name !== editingOption.option.name))}
    >
      {!filter ? (
        <Spinner />
      ) : (
        <>
          <div className={styles.inline} style={{ marginBottom: 'var(--space-4)' }}>
            {editingName ? (
              <>
                {/* biome-ignore lint/a11y/noAutofocus: the field the admin just asked to edit (Rename) takes the focus, as a dialog's first field does */}
                <input className={inputClass} aria-label="Filter name" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
                <button type="button" className={styles.iconButton} aria-label="Confirm filter name" onClick={saveName} disabled={busy || !name.trim() || name.trim() === filter.name}>✓</button>
                <button type="button" className={styles.iconButton} aria-label="Cancel editing filter name" onClick={() => { setEditingName(false); setName(filter.name); }}>✕</button>
              </>
            ) : (
              <>
                <h3 style={{ margin: 0, fontSize: 'var(--text-xl)' }}>{filter.name}</h3>
                <button type="button" className={styles.iconButton} aria-label="Edit filter name" onClick={() => { setName(filter.name); setEditingName(true); }}>✎</button>
              </>
            )}
          </div>
          <OptionsTable columns={columns} filter={filter} />
          {adding ? (
            <div className={styles.inline} style={{ marginTop: 'var(--space-4)' }}>
              {/* biome-ignore lint/a11y/noAutofocus: the field the admin just asked for (Add option) takes the focus */}
              <input className={inputClass} aria-label="New option name" value={newOption} onChange={(e) => setNewOption(e.target.value)} autoFocus />
              <Button size="small" onClick={addOption} disabled={busy || !newOption.trim()}>Add</Button>
              <Button size="small" variant="secondary" onClick={() => { setAdding(false); setNewOption(''); }}>Cancel</Button>
            </div>
          ) : (
            <div className={styles.footer}>
              <Button size="small" onClick={() => setAdding(true)}>Add Option</Button>
            </div>
          )}
          {translations && (
            <section aria-label="Translations" style={{ marginTop: 'var(--space-6)' }}>
              <h3 style={{ fontSize: 'var(--text-lg)' }}>Translations</h3>
              <TranslationFields legend={`Filter ${filter.name}`} texts={[{ field: 'name', label: 'Filter name', english: filter.name }]} value={translations[filter._id]} onChange={(t) => setTranslations({ ...translations, [filter._id]: t })} />
              {filter.filterOptions.map((o) => (
                <TranslationFields key={o._id} legend={`Option ${o.name}`} texts={[{ field: 'name', label: 'Option name', english: o.name }]} value={translations[o._id] ?? translationDraft(NAME, undefined)} onChange={(t) => setTranslations({ ...translations, [o._id]: t })} />
              ))}
              <div className={styles.footer}>
                <Button size="small" onClick={() => void saveTranslations()} disabled={busy}>Update Translations</Button>
              </div>
            </section>
          )}
        </>
      )}
    </Modal>
  );
}

function OptionsTable({ columns, filter }: { columns: Column<FilterOption>[]; filter: Filter }) {
  return <DataTable caption={`Options of ${filter.name}`} columns={columns} rows={filter.filterOptions} rowKey={(o) => o._id} empty="No options yet." />;
}
