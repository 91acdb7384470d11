import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '@shop/shared';
import { ImportProductsModal } from './ImportProductsModal';
import { fail, ok, renderAdmin } from '../test/renderAdmin';

// Import CSV (issue 19): choosing a file runs the dry run (nothing written) and shows every bad line;
// 'Import' is offered only for a file without problems, and writes it in one call.

jest.setTimeout(30000);
afterEach(() => jest.restoreAllMocks());

const csvFile = (text: string) => new File([text], 'products.csv', { type: 'text/csv' });
const CSV = { headers: { 'Content-Type': 'text/csv' } };

function open() {
  const onClose = jest.fn();
  const onImported = jest.fn();
  renderAdmin(<ImportProductsModal open onClose={onClose} onImported={onImported} />);
  return { onClose, onImported, dialog: screen.getByRole('dialog', { name: 'Import products' }) };
}

test('a file with bad lines: the dry run lists each (line, column, reason) and Import stays off', async () => {
  const post = jest.spyOn(api, 'post').mockImplementation(() =>
    ok({
      dryRun: true,
      rows: 3,
      created: 0,
      problems: [
        { line: 2, column: 'title', reason: 'A product needs a title' },
        { line: 4, column: 'price_USD', reason: 'A price is a number with at most two decimals, like 120 or 120.50' },
      ],
    }),
  );
  const { dialog } = open();
  const file = csvFile('title,price_USD\n,1\nOk,2\nBad,x');
  await userEvent.upload(within(dialog).getByLabelText('CSV file'), file);
  expect(post).toHaveBeenCalledWith('/product/import?dryRun=1', file, CSV);
  expect(await within(dialog).findByText('2 problems in 3 products: fix the file and choose it again. Nothing was written.')).toBeInTheDocument();
  const rows = within(within(dialog).getByRole('table', { name: 'Problems in the file' })).getAllByRole('row').slice(1);
  expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent))).toEqual([
    ['2', 'title', 'A product needs a title'],
    ['4', 'price_USD', 'A price is a number with at most two decimals, like 120 or 120.50'],
  ]);
  expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  expect(post).toHaveBeenCalledTimes(1);
});

test('a good file: the dry run says how many, Import writes them in one call, toasts the count and closes', async () => {
  const post = jest.spyOn(api, 'post').mockImplementation((url: string) =>
    url.includes('dryRun') ? ok({ dryRun: true, rows: 2, created: 0, problems: [] }) : ok({ dryRun: false, rows: 2, created: 2, problems: [] }, 201),
  );
  const { dialog, onClose, onImported } = open();
  const file = csvFile('title\nOne\nTwo');
  await userEvent.upload(within(dialog).getByLabelText('CSV file'), file);
  expect(await within(dialog).findByText('No problems: 2 products ready to import.')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
  expect(post).toHaveBeenLastCalledWith('/product/import', file, CSV);
  expect(await screen.findByText('2 products imported')).toBeInTheDocument();
  expect(onImported).toHaveBeenCalledWith(2);
  expect(onClose).toHaveBeenCalled();
});

test("a refused file says the server's reason; a file over the limit is refused before sending", async () => {
  const post = jest.spyOn(api, 'post').mockImplementation(() => fail(400, 'The file has 2001 products; at most 2000 per import'));
  const { dialog } = open();
  await userEvent.upload(within(dialog).getByLabelText('CSV file'), csvFile('title\nx'));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('The file has 2001 products; at most 2000 per import');
  const big = csvFile('x');
  Object.defineProperty(big, 'size', { value: 3 * 1024 * 1024 });
  await userEvent.upload(within(dialog).getByLabelText('CSV file'), big);
  await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('The file is too large: at most 2 MB'));
  expect(post).toHaveBeenCalledTimes(1);
});

test('lines without an image or a price: refused until the owner asks for drafts, then the dry run names them and Import sends drafts=1 (issue 38)', async () => {
  const refusal = 'A published product needs at least one image: add it, write false in published, or import such lines as drafts';
  const post = jest.spyOn(api, 'post').mockImplementation((url: string) =>
    !url.includes('drafts=1')
      ? ok({ dryRun: true, rows: 2, created: 0, problems: [{ line: 2, column: 'images', reason: refusal }], drafted: [] })
      : url.includes('dryRun=1')
        ? ok({ dryRun: true, rows: 2, created: 0, problems: [], drafted: [2] })
        : ok({ dryRun: false, rows: 2, created: 2, problems: [], drafted: [2] }, 201),
  );
  const { dialog, onImported } = open();
  const file = csvFile('title,price_USD\nBlank,\nRing,5');
  await userEvent.upload(within(dialog).getByLabelText('CSV file'), file);
  expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Import' })).toBeDisabled();
  await userEvent.click(within(dialog).getByLabelText('Import products without an image or a price as drafts (publish them once complete)'));
  expect(post).toHaveBeenLastCalledWith('/product/import?dryRun=1&drafts=1', file, CSV);
  expect(await within(dialog).findByText('No problems: 2 products ready to import. 1 will be a draft, lacking an image or a price (line 2).')).toBeInTheDocument();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
  expect(post).toHaveBeenLastCalledWith('/product/import?drafts=1', file, CSV);
  expect(await screen.findByText('2 products imported, 1 as a draft')).toBeInTheDocument();
  expect(onImported).toHaveBeenCalledWith(2);
});
