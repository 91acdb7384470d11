import { useEffect, useId, useState } from 'react';
import { apiErrorMessage, call, apiStatus, Button, Modal, notify, type ImportReport } from '@shop/shared';
import styles from '../common/admin.module.css';
import importStyles from './ImportProductsModal.module.css';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@shop/shared/src/contract';

export interface ImportProductsModalProps {
  open: boolean;
  onClose: () => void;
  onImported: (created: number) => void;
}

const MB = IMPORT_MAX_BYTES / 1024 / 1024;

/** What a refused call says: the server's reason (a 400's message, a 413's size), else a fixed text. */
function failure(e: unknown): string {
  if (apiStatus(e) === 413) return `The file is too large: at most ${MB} MB`;
  return apiStatus(e) === 400 ? apiErrorMessage(e, 'Failed to Import Products') : 'Failed to Import Products';
}
const products = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'product' : 'products'}`;

/**
 * Import CSV (issue 19): choose a file, see the dry run's report (every bad line: line, column,
 * reason; nothing is written), then 'Import', which writes every product or none.
 */
export function ImportProductsModal({ open, onClose, onImported }: ImportProductsModalProps) {
  const inputId = useId();
  const draftsId = useId();
  const [file, setFile] = useState<File | null>(null);
  // Issue 38: lines asked published but lacking an image or a price go in as drafts, instead of refusing the file.
  const [asDrafts, setAsDrafts] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setReport(null);
    setError('');
    setAsDrafts(false);
  }, [open]);
  const draftsQuery = (on: boolean) => (on ? { drafts: '1' as const } : {});

  /** The dry run of a chosen file: nothing written, every problem listed. */
  const check = async (chosen: File | null, drafts = asDrafts) => {
    setFile(chosen);
    setReport(null);
    setError('');
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_BYTES) {
      setError(`The file is too large: at most ${MB} MB`);
      return;
    }
    setBusy(true);
    try {
      const { data } = await call('importProducts', { query: { dryRun: '1', ...draftsQuery(drafts) }, body: chosen });
      setReport(data);
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
    }
  };

  const importAll = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const { data } = await call('importProducts', { ...(asDrafts ? { query: draftsQuery(true) } : {}), body: file });
      const drafts = data.drafted?.length ?? 0;
      notify.success(`${products(data.created)} imported${drafts ? `, ${drafts} as ${drafts === 1 ? 'a draft' : 'drafts'}` : ''}`);
      onImported(data.created);
      onClose();
    } catch (e) {
      const refused = (e as { response?: { data?: Partial<ImportReport> } }).response?.data;
      if (refused?.problems) setReport({ dryRun: false, rows: refused.rows ?? 0, created: 0, problems: refused.problems, drafted: refused.drafted ?? [] });
      setError(failure(e));
      notify.error(failure(e));
    } finally {
      setBusy(false);
    }
  };

  const ready = !!report && report.problems.length === 0 && report.rows > 0;
  const drafted = report?.drafted ?? [];
  return (
    <Modal open={open} title="Import products" onClose={onClose} wide>
      <p className={importStyles.help}>
        A CSV file, one product a line after the header: <code>title</code>, <code>description</code>, <code>tags</code> (separated by |), a{' '}
        <code>price_USD</code> column per currency code, <code>images</code> (| separated paths already uploaded under /uploads/, or empty) and{' '}
        <code>published</code> (true or false). A published product needs an image and a price, as in the product form. At most {products(IMPORT_MAX_ROWS)} and {MB} MB. The file is checked first; nothing is written until you import.
      </p>
      <label htmlFor={inputId} className={styles.label}>CSV file</label>
      <input id={inputId} type="file" accept=".csv,text/csv" className={importStyles.file} onChange={(e) => void check(e.target.files?.[0] ?? null)} disabled={busy} />
      <div className={importStyles.drafts}>
        <input
          id={draftsId}
          type="checkbox"
          checked={asDrafts}
          disabled={busy}
          onChange={(e) => {
            setAsDrafts(e.target.checked);
            if (file) void check(file, e.target.checked);
          }}
        />
        <label htmlFor={draftsId}>Import products without an image or a price as drafts (publish them once complete)</label>
      </div>
      {busy && !report && <p className={importStyles.status} role="status">Checking the file…</p>}
      {error && <p className={styles.error} role="alert">{error}</p>}
      {report && (
        <div className={importStyles.report} role="status">
          {report.problems.length === 0 ? (
            <p className={importStyles.ok}>
              {report.rows === 0 ? 'The file has no products.' : `No problems: ${products(report.rows)} ready to import.`}
              {drafted.length > 0 && ` ${drafted.length} will be ${drafted.length === 1 ? 'a draft' : 'drafts'}, lacking an image or a price (line${drafted.length === 1 ? '' : 's'} ${drafted.join(', ')}).`}
            </p>
          ) : (
            <>
              <p className={importStyles.bad}>
                {report.problems.length} {report.problems.length === 1 ? 'problem' : 'problems'} in {products(report.rows)}: fix the file and choose it again. Nothing was written.
              </p>
              <div className={importStyles.problems}>
                <table>
                  <caption className="visually-hidden">Problems in the file</caption>
                  <thead>
                    <tr><th scope="col">Line</th><th scope="col">Column</th><th scope="col">Reason</th></tr>
                  </thead>
                  <tbody>
                    {report.problems.map((p) => (
                      <tr key={`${p.line}|${p.column}|${p.reason}`}>
                        <td className={importStyles.line}>{p.line}</td>
                        <td>{p.column}</td>
                        <td>{p.reason}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </div>
      )}
      <div className={styles.footer}>
        <Button variant="secondary" onClick={onClose}>Cancel</Button>
        <Button onClick={() => void importAll()} disabled={!ready || busy}>Import</Button>
      </div>
    </Modal>
  );
}
