/** An error whose status and message are meant for the client; `fields`: what is wrong with each field (issue 38). */
export class HttpError extends Error {
  /** Issue 42: a refusal's own name, sent as the body's `code` (contract staff.ts), for the front end to act on. */
  reason?: string;
  constructor(public statusCode: number, message: string, public fields?: Record<string, string>) {
    super(message);
  }
}
/** A 403 the back office recognises by its code (contract TWO_FACTOR_SETUP_REQUIRED, PERMISSION_MISSING). */
export function refusal(code: string, message: string): HttpError {
  const err = new HttpError(403, message);
  err.reason = code;
  return err;
}
/** A 400 naming the field (the form shows the words beside it). */
export const fieldError = (field: string, words: string) => new HttpError(400, `${field}: ${words}`, { [field]: words });
export const badRequest = (m: string) => new HttpError(400, m);
export const unauthorized = (m = 'Authentication required') => new HttpError(401, m);
export const forbidden = (m = 'You are not allowed to do this') => new HttpError(403, m);
export const notFound = (m = 'Not found') => new HttpError(404, m);
export const conflict = (m: string) => new HttpError(409, m);
