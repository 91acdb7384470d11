import styles from './ui.module.css';

export interface TabsProps<K extends string> {
  tabs: ReadonlyArray<{ key: K; label: string }>;
  active: K;
  onChange: (key: K) => void;
  label: string;
}

export function Tabs<K extends string>({ tabs, active, onChange, label }: TabsProps<K>) {
  return (
    <div role="tablist" aria-label={label} className={styles.tabs}>
      {tabs.map((tab) => (
        <button key={tab.key} type="button" role="tab" aria-selected={tab.key === active} className={styles.tab} onClick={() => onChange(tab.key)}>
          {tab.label}
        </button>
      ))}
    </div>
  );
}
