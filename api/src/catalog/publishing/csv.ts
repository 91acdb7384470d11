// RFC 4180 CSV, as the product import reads it (issue 19): fields separated by commas, a field in
// double quotes may hold commas, line breaks and "" for a quote; lines end with \n or \r\n. Each
// record keeps the file line it starts on (a quoted line break makes a record span lines).

export interface CsvRecord {
  /** The file line the record starts on, from 1. */
  line: number;
  fields: string[];
}

/** The records of a CSV text, or the line of a quote left open. */
export function parseCsv(text: string): { records: CsvRecord[] } | { unclosedQuoteAt: number } {
  const records: CsvRecord[] = [];
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text; // a byte-order mark (spreadsheets write one)
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let start = 1;
  let quoted = false;
  let quoteLine = 0;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    // A blank line is no record.
    if (!(fields.length === 1 && fields[0] === '')) records.push({ line: start, fields });
    fields = [];
    field = '';
  };
  while (i < body.length) {
    const c = body[i];
    if (quoted) {
      if (c === '"') {
        if (body[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
      i++;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else field += c;
    i++;
  }
  if (quoted) return { unclosedQuoteAt: quoteLine };
  if (field !== '' || fields.length) endRecord();
  return { records };
}
