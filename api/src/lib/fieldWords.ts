import { MIN_PASSWORD_LENGTH, PASSWORD_WORDS } from '@shop/contract';

/** One of the schema validator's (Ajv's) errors, as Fastify hands them over. */
interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/**
 * Issue 38: a body's schema errors as words beside each field ({ email: 'Enter a valid email address' }),
 * the first error of a field kept; errors deeper than a top-level field are left to the message.
 */
export function fieldWords(errors: readonly SchemaError[] | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const e of errors ?? []) {
    const field = e.keyword === 'required' ? String(e.params.missingProperty ?? '') : e.instancePath.split('/')[1];
    if (!field || e.instancePath.split('/').length > 2 || fields[field]) continue;
    fields[field] = wordsOf(field, e);
  }
  return fields;
}

function wordsOf(field: string, e: SchemaError): string {
  const limit = Number(e.params.limit);
  // A blank text (spaces only) fails a NonBlank's pattern: as good as missing.
  if (e.keyword === 'required' || (e.keyword === 'minLength' && limit <= 1) || (e.keyword === 'pattern' && e.params.pattern === '\\S')) return 'This field is required';
  if (/password/i.test(field) && e.keyword === 'minLength' && limit === MIN_PASSWORD_LENGTH) return PASSWORD_WORDS.short;
  if (e.keyword === 'format' && e.params.format === 'email') return 'Enter a valid email address';
  if (field === 'contact' && e.keyword === 'pattern') return 'Enter a valid contact number (digits, spaces, + ( ) -)';
  if (e.keyword === 'minLength') return `Use at least ${limit} characters`;
  if (e.keyword === 'maxLength') return `Use at most ${limit} characters`;
  return 'This value is not valid';
}
