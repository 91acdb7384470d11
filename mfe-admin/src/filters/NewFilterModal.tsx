import { useEffect, useState, type FormEvent } from 'react';
import { Button, call, Field, Modal } from '@shop/shared';
import { TagInput } from '../common/TagInput';
import styles from '../common/admin.module.css';
import { useSaving } from '../common/useSaving';

export interface NewFilterModalProps {
  open: boolean;
  onClose: () => void;
  onAdded: () => void;
}

/** 'New Filter': a title and options added with Enter as removable tags (SPEC §2, §5). */
export function NewFilterModal({ open, onClose, onAdded }: NewFilterModalProps) {
  const [title, setTitle] = useState('');
  const [options, setOptions] = useState<string[]>([]);
  const [busy, save] = useSaving();
  useEffect(() => {
    if (open) {
      setTitle('');
      setOptions([]);
    }
  }, [open]);

  const disabled = busy || !title.trim() || options.length === 0;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    const saved = await save(call('createFilter', { body: { name: title.trim(), filterOptions: options.map((name) => ({ name: name.trim() })) } }), {
      pending: 'Adding Filter...',
      success: 'Filter Added Successfully!',
      error: 'Failed to Add Filter.',
    });
    if (!saved) return;
    onAdded();
    onClose();
  };

  return (
    <Modal open={open} title="New Filter" onClose={onClose} dirty={!busy && (title.trim() !== '' || options.length > 0)}>
      {/* Enter in the options input adds a tag, so the form submits only through its button. */}
      <form className={styles.form} onSubmit={submit}>
        <Field label="Title" value={title} onChange={(e) => setTitle(e.target.value)} placeholder="Metal" onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()} />
        <TagInput label="Options" tags={options} onChange={setOptions} placeholder="Type an option and press Enter" />
        <div className={styles.footer}>
          <Button type="submit" disabled={disabled}>Add Filter</Button>
        </div>
      </form>
    </Modal>
  );
}
