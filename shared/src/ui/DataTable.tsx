import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';
import { Pagination } from './Pagination';
import { Spinner } from './Spinner';
import styles from './ui.module.css';

export interface Column<T> {
  header: string;
  cell: (row: T, index: number) => ReactNode;
  /** What the header cell shows instead of `header`, which stays the column's name (a sort button, a select-all box: issue 19). */
  head?: ReactNode;
  /** A sortable column's order now (the header's aria-sort). */
  sort?: 'ascending' | 'descending' | 'none';
}

export interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  loading?: boolean;
  empty: ReactNode;
  caption?: string;
  /** When given, the table pages (page numbers start at 1). */
  pagination?: { page: number; limit: number; itemCount: number; onPageChange: (page: number) => void };
}

/** The one table: spinner while loading, the screen's empty message, optional pagination. */
export function DataTable<T>({ columns, rows, rowKey, loading, empty, caption, pagination }: DataTableProps<T>) {
  if (loading) return <Spinner />;
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  const offset = pagination ? (pagination.page - 1) * pagination.limit : 0;
  return (
    <>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          {caption && <caption className="visually-hidden">{caption}</caption>}
          <thead>
            <tr>{columns.map((c) => <th key={c.header} scope="col" aria-sort={c.sort}>{c.head ?? c.header}</th>)}</tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              // data-label: the column's name, for a screen that shows rows as cards (the back office on phones:
              // mfe-admin's admin.module.css sets it beside each cell, out of the accessibility tree).
              <tr key={rowKey(row)}>{columns.map((c) => <td key={c.header} data-label={c.header}>{c.cell(row, offset + i)}</td>)}</tr>
            ))}
          </tbody>
        </table>
      </div>
      {pagination && <Pagination {...pagination} />}
    </>
  );
}
