/** An error whose status and message are meant for the client; `fields`: what is wrong with each field (issue 38). */
export class HttpError extends Error {
  constructor(public statusCode: number, message: string, public fields?: Record<string, string>) {
    super(message);
  }
}
/** A 400 naming the field (the form shows the words beside it). */
export const fieldError = (field: string, words: string) => new HttpError(400, `${field}: ${words}`, { [field]: words });
export const badRequest = (m: string) => new HttpError(400, m);
export const unauthorized = (m = 'Authentication required') => new HttpError(401, m);
export const forbidden = (m = 'You are not allowed to do this') => new HttpError(403, m);
export const notFound = (m = 'Not found') => new HttpError(404, m);
export const conflict = (m: string) => new HttpError(409, m);
