import { getShopConfig } from './config';
import { sessionAtom, shopStore, signOut } from './session';

// The one API client, on fetch (axios cost every page 21 KB gzip for what these ~60 lines do).
// Same shape as the axios client it replaced: api.get/post/put/patch/delete resolve { data, status }
// for a 2xx answer and reject with an ApiCallError (its status and the server's body) otherwise.

export interface ApiResponse<T = unknown> {
  data: T;
  status: number;
}

export interface ApiRequestOptions {
  headers?: Record<string, string>;
  /** Query string values; undefined and null ones are left out. */
  params?: Record<string, string | number | boolean | null | undefined>;
}

/** A call that failed: `status` and `data` are the server's answer, both undefined when none came (offline). */
export class ApiCallError extends Error {
  readonly response: ApiResponse | undefined;

  constructor(response: ApiResponse | undefined, message = response ? `Request failed with status code ${response.status}` : 'Network Error') {
    super(message);
    this.name = 'ApiCallError';
    this.response = response;
  }

  get status(): number | undefined {
    return this.response?.status;
  }
}

/** baseURL + url as axios joined them; absolute URLs are left alone. */
function joinUrl(base: string, url: string): string {
  if (/^([a-z][a-z\d+\-.]*:)?\/\//i.test(url)) return url;
  return `${base.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
}

function withParams(url: string, params: ApiRequestOptions['params']): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params ?? {})) if (value !== undefined && value !== null) query.append(name, String(value));
  const text = query.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

/** JSON when it parses, else the text itself (an empty answer is ''), like axios' default. */
function parseBody(text: string): unknown {
  if (!text) return '';
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const forbiddenListeners = new Set<(url: string) => void>();

/**
 * Calls `listener` with the URL of every call made with a token that is refused 403 (the back office
 * checks then whether its user is still an admin: issue 19). Answers the function that stops it.
 */
export function onForbidden(listener: (url: string) => void): () => void {
  forbiddenListeners.add(listener);
  return () => forbiddenListeners.delete(listener);
}

async function request(method: string, url: string, body: unknown, options: ApiRequestOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser writes the multipart Content-Type with its boundary
  } else if (typeof Blob !== 'undefined' && body instanceof Blob) {
    payload = body; // a file sent as it is (the product import's CSV): its type, or the one the options name
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (!(payload instanceof FormData && name.toLowerCase() === 'content-type')) headers[name] = value;
  }
  const { token } = shopStore.get(sessionAtom);
  if (token) headers.Authorization = `Bearer ${token}`;

  let answer: Response;
  try {
    answer = await fetch(withParams(joinUrl(getShopConfig().apiUrl, url), options.params), { method, headers, body: payload });
  } catch {
    throw new ApiCallError(undefined);
  }
  const response: ApiResponse = { status: answer.status, data: parseBody(await answer.text()) };
  if (answer.ok) return response;
  // A 401 to a call made with a token means the session is no longer valid.
  if (answer.status === 401 && token) signOut();
  // A 403 to a signed-in call: the caller's rights may have changed (an admin demoted meanwhile, issue 19).
  if (answer.status === 403 && token) for (const listener of forbiddenListeners) listener(url);
  throw new ApiCallError(response);
}

// Typed as axios' methods were (T defaults to any, R to the response), so callers and mocks read the same.
export const api = {
  get: <T = unknown, R = ApiResponse<T>>(url: string, options?: ApiRequestOptions): Promise<R> => request('GET', url, undefined, options) as Promise<R>,
  delete: <T = unknown, R = ApiResponse<T>>(url: string, options?: ApiRequestOptions): Promise<R> => request('DELETE', url, undefined, options) as Promise<R>,
  post: <T = unknown, R = ApiResponse<T>>(url: string, body?: unknown, options?: ApiRequestOptions): Promise<R> => request('POST', url, body, options) as Promise<R>,
  put: <T = unknown, R = ApiResponse<T>>(url: string, body?: unknown, options?: ApiRequestOptions): Promise<R> => request('PUT', url, body, options) as Promise<R>,
  patch: <T = unknown, R = ApiResponse<T>>(url: string, body?: unknown, options?: ApiRequestOptions): Promise<R> => request('PATCH', url, body, options) as Promise<R>,
};

/** The server's `{ message }`, or a fallback the user can read. */
export function apiErrorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiCallError) {
    const data = error.response?.data as { message?: unknown } | undefined;
    if (data && typeof data.message === 'string' && data.message) return data.message;
  }
  return fallback;
}

/**
 * What to tell the user when a call fails: the server's own words when it refused the request (400:
 * e.g. '"Gold Ring" is not available in EUR'; 409: 'Only 2 of Emerald Ring left'), else the screen's
 * fixed message (SPEC §8).
 */
export function refusalMessage(error: unknown, fallback: string): string {
  const status = apiStatus(error);
  return status === 400 || status === 409 ? apiErrorMessage(error, fallback) : fallback;
}

export function apiStatus(error: unknown): number | undefined {
  return error instanceof ApiCallError ? error.status : undefined;
}

/** How long a logout waits for the server before signing out anyway. */
export const LOGOUT_WAIT_MS = 3000;

/**
 * Signs out: the server first ends the session the token names (POST /user/logout, so a copy of the
 * token is worth nothing), then the browser forgets it, whatever the answer (offline, slow, refused).
 */
export async function logout(): Promise<void> {
  if (shopStore.get(sessionAtom).token) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const call = api.post('/user/logout').catch(() => undefined);
    await Promise.race([call, new Promise((resolve) => (timer = setTimeout(resolve, LOGOUT_WAIT_MS)))]);
    clearTimeout(timer);
  }
  signOut();
}
