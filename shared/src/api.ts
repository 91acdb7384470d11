import axios, { AxiosError } from 'axios';
import { getShopConfig } from './config';
import { sessionAtom, shopStore, signOut } from './session';

/** The one API client. Base URL comes from run-time config; the token from the session atom. */
export const api = axios.create({ headers: { 'Content-Type': 'application/json' } });

api.interceptors.request.use((request) => {
  request.baseURL = getShopConfig().apiUrl;
  const { token } = shopStore.get(sessionAtom);
  if (token) request.headers.set('Authorization', `Bearer ${token}`);
  return request;
});

api.interceptors.response.use(undefined, (error: AxiosError) => {
  const sentToken = Boolean(error.config?.headers?.Authorization);
  // A 401 to a call made with a token means the session is no longer valid.
  if (error.response?.status === 401 && sentToken) signOut();
  return Promise.reject(error);
});

/** The server's `{ message }`, or a fallback the user can read. */
export function apiErrorMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (axios.isAxiosError(error)) {
    const data = error.response?.data as { message?: unknown } | undefined;
    if (data && typeof data.message === 'string' && data.message) return data.message;
  }
  return fallback;
}

export function apiStatus(error: unknown): number | undefined {
  return axios.isAxiosError(error) ? error.response?.status : undefined;
}
