import axios, { type AxiosResponse } from 'axios';
import { type AnswerOf, CART_TOKEN_HEADER, DEFAULT_LOCALE, ENDPOINT_ROUTES, type Endpoint, type EndpointName, type EndpointRoute, type Endpoints, type Locale, localeOfPath, pathOf, type Static, type TSchema } from '@shop/contract';
import { getShopConfig } from './config';
import { sessionAtom, shopStore, signOut } from './session';
import { guestCartToken } from './guestCart';

// The one API client: one axios instance, inside the @shop/shared singleton, so every page loads it once.
// api.get/post/put/patch/delete resolve { data, status } for a 2xx answer and reject with an
// ApiCallError (its status and the server's body) otherwise; callers never see an AxiosError.

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

const forbiddenListeners = new Set<(url: string) => void>();

/**
 * Calls `listener` with the URL of every call made with a token that is refused 403 (the back office
 * checks then whether its user is still an admin: issue 19). Answers the function that stops it.
 */
export function onForbidden(listener: (url: string) => void): () => void {
  forbiddenListeners.add(listener);
  return () => forbiddenListeners.delete(listener);
}

/**
 * The page's language (issue 37): the URL's (/fr/… is French), read at each call as the visitor may have
 * switched meanwhile; English outside a browser page.
 */
export const pageLocale = (): Locale => (typeof window === 'undefined' ? DEFAULT_LOCALE : localeOfPath(window.location.pathname));

// The one axios instance (fetch underneath, as the shop has used since; no 'axios/x.y' User-Agent).
const client = axios.create({ adapter: 'fetch', headers: { 'User-Agent': false } });

// The API's address and the session's token are read at each call: both can change while a page lives.
client.interceptors.request.use((config) => {
  config.baseURL = getShopConfig().apiUrl;
  const { token } = shopStore.get(sessionAtom);
  if (token) config.headers.Authorization = `Bearer ${token}`;
  // Issue 40: signed out, a guest's cart is reached with its token (guestCart.ts); a merge names it itself.
  else if (!config.headers.has(CART_TOKEN_HEADER)) {
    const cartToken = guestCartToken();
    if (cartToken) config.headers.set(CART_TOKEN_HEADER, cartToken);
  }
  // Every call names the page's language, so the API answers in it whatever the browser prefers (an English
  // page stays English for a French browser), the cart's and an order's e-mails included. Reads that take
  // ?locale= carry it in their URL too (urlOf): a French answer never shares an English one's cache entry.
  config.headers['Accept-Language'] = pageLocale();
  // No body, no Content-Type (axios would send a form type with an empty POST, which the API refuses:
  // 415); a FormData's multipart type and boundary are the browser's to write.
  if (config.data === undefined || config.data instanceof FormData) config.headers.setContentType(false);
  return config;
});

client.interceptors.response.use(
  // What the apps read of an answer, as before axios: { data, status }.
  ({ data, status }) => ({ data, status }) as AxiosResponse,
  (error: unknown) => {
    if (!axios.isAxiosError(error)) throw error;
    const { response, config } = error;
    const signedIn = Boolean(config?.headers.Authorization);
    // A 401 to a call made with a token means the session is no longer valid.
    if (response?.status === 401 && signedIn) signOut();
    // A 403 to a signed-in call: the caller's rights may have changed (an admin demoted meanwhile, issue 19).
    if (response?.status === 403 && signedIn) for (const listener of forbiddenListeners) listener(config?.url ?? '');
    throw new ApiCallError(response && { status: response.status, data: response.data });
  },
);

type Read = <T = unknown, R = ApiResponse<T>>(url: string, options?: ApiRequestOptions) => Promise<R>;
type Write = <T = unknown, R = ApiResponse<T>>(url: string, body?: unknown, options?: ApiRequestOptions) => Promise<R>;

/** The axios instance, seen through the surface the apps use (T defaults to any, R to the response, as in axios). */
export const api = client as unknown as { get: Read; delete: Read; post: Write; put: Write; patch: Write };

/** What a call of endpoint E sends: its path's values, its query, its body (JSON, or the form or text it consumes). */
type UrlInput<E extends Endpoint> = (E['params'] extends TSchema ? { params: Static<E['params']> } : { params?: undefined }) &
  (E['query'] extends TSchema ? { query?: Partial<Static<E['query']>> } : { query?: undefined });
export type CallInput<E extends Endpoint> = UrlInput<E> &
  (E['body'] extends TSchema ? { body: Static<E['body']> } : E['consumes'] extends string ? { body: FormData | Blob | string; headers?: Record<string, string> } : { body?: undefined }) & {
    headers?: Record<string, string>;
  };
type CallArgs<E extends Endpoint> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];
type UrlArgs<E extends Endpoint> = object extends UrlInput<E> ? [input?: UrlInput<E>] : [input: UrlInput<E>];

/**
 * A read in another language than the default asks for it in its URL (issue 37: ?locale=fr), when the
 * endpoint takes it: its own URL, so the browser's cache, a CDN and a screen's loaded answers (keyed by
 * the URL) keep the French and the English apart. English URLs are as they were.
 */
function localeQuery(e: EndpointRoute): { locale?: Locale } {
  const locale = pageLocale();
  return e.locale && locale !== DEFAULT_LOCALE ? { locale } : {};
}

/** The URL of a call of endpoint `name` (under the API's base): for a screen that keys what it loaded by it. */
export function urlOf<N extends EndpointName>(name: N, ...[input]: UrlArgs<Endpoints[N]>): string {
  // The map's routes without its schemas (contract ENDPOINT_ROUTES): the browser ships no TypeBox.
  const e: EndpointRoute = ENDPOINT_ROUTES[name];
  const path = pathOf(e.path, input?.params as Record<string, string> | undefined);
  const asked = (input?.query ?? {}) as Record<string, unknown>;
  const query = Object.entries({ ...asked, ...(asked.locale === undefined && localeQuery(e)) }).filter(([, v]) => v !== undefined && v !== null);
  return query.length ? `${path}?${new URLSearchParams(query.map(([k, v]) => [k, String(v)]))}` : path;
}

/**
 * Calls an endpoint of the map (@shop/contract's endpoints) by name: its method and path come from
 * there, and so do the types of what it sends and answers, so a renamed field or path fails the
 * typecheck of every app that uses it. Through api.* (the query in the URL, as urlOf writes it):
 * resolves { data, status } or rejects with an ApiCallError.
 */
export function call<N extends EndpointName>(name: N, ...args: CallArgs<Endpoints[N]>): Promise<ApiResponse<AnswerOf<Endpoints[N]>>> {
  const e: EndpointRoute = ENDPOINT_ROUTES[name];
  const input = args[0] as { body?: unknown; headers?: Record<string, string> } | undefined;
  const url = urlOf(name, ...(args as UrlArgs<Endpoints[N]>));
  // No trailing undefined arguments: a call is what the apps' own api.* calls were (their tests' mocks see the same).
  // A body of another kind than JSON says so (a CSV file; a form, whose boundary the client adds).
  const headers = { ...(e.consumes && { 'Content-Type': e.consumes }), ...input?.headers };
  const options: [ApiRequestOptions] | [] = Object.keys(headers).length ? [{ headers }] : [];
  if (e.method === 'GET') return api.get(url, ...options);
  if (e.method === 'DELETE') return api.delete(url, ...options);
  const write = e.method === 'POST' ? api.post : e.method === 'PUT' ? api.put : api.patch;
  return input?.body === undefined && !options.length ? write(url) : write(url, input?.body, ...options);
}

/** The server's `{ message }`, or a fallback the user can read. */
export function apiErrorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiCallError) {
    const data = error.response?.data as { message?: unknown } | undefined;
    if (data && typeof data.message === 'string' && data.message) return data.message;
  }
  return fallback;
}

/** Issue 38: a refusal's words for each field it names (a 400's `fields`), {} when it names none. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiCallError) || error.status !== 400) return {};
  const fields = (error.response?.data as { fields?: unknown } | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
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
 * The server's half of a logout (useLogout): ends the session the token names (POST /user/logout, so a
 * copy of the token is worth nothing), waiting LOGOUT_WAIT_MS at most; never fails, so that the browser
 * forgets the session whatever the answer (offline, slow, refused).
 */
export async function endSession(): Promise<void> {
  if (!shopStore.get(sessionAtom).token) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ended = call('logout').catch(() => undefined);
  await Promise.race([ended, new Promise((resolve) => (timer = setTimeout(resolve, LOGOUT_WAIT_MS)))]);
  clearTimeout(timer);
}

/**
 * Downloads a file an endpoint answers (an invoice's PDF, issue 39) through the API client, so the
 * token goes with it, and saves it under `filename` (a Blob and a link clicked: the browser's own save).
 */
export async function downloadFile<N extends EndpointName>(name: N, input: UrlInput<Endpoints[N]>, filename: string): Promise<void> {
  const { data } = (await client.get(urlOf(name, ...([input] as UrlArgs<Endpoints[N]>)), { responseType: 'blob' })) as unknown as { data: Blob };
  const url = URL.createObjectURL(data);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
