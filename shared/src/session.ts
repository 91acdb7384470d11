import { atom, getDefaultStore, useAtom, useAtomValue } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { Permission, Role } from '@shop/contract';

/** SPEC §3 "User session": kept in localStorage under the key `root`. */
export interface Session {
  auth: boolean;
  name: string;
  role: Role | '';
  isSuperAdmin: boolean;
  token: string;
  selectedCurrency: string;
  /**
   * Issue 42: what a staff member's role lets them do (the back office shows only that). Absent in a
   * session stored before it: the back office asks GET /user/me (mfe-admin's usePermissions).
   */
  permissions?: Permission[];
}

export const SESSION_STORAGE_KEY = 'root';

export const signedOutSession: Session = {
  auth: false,
  name: '',
  role: '',
  isSuperAdmin: false,
  token: '',
  selectedCurrency: '',
};

const storage = createJSONStorage<Session>(() => localStorage);

/** The one session atom every app reads. getOnInit: the first render already sees the stored session. */
export const sessionAtom = atomWithStorage<Session>(SESSION_STORAGE_KEY, signedOutSession, storage, { getOnInit: true });

export const isAdminAtom = atom((get) => get(sessionAtom).auth && get(sessionAtom).role === 'admin');
export const isCustomerAtom = atom((get) => get(sessionAtom).auth && get(sessionAtom).role === 'customer');

export const useSession = () => useAtom(sessionAtom);
export const useSessionValue = () => useAtomValue(sessionAtom);

/** The store shared by every app (provider-less jotai, one copy through federation). */
export const shopStore = getDefaultStore();

export function signIn(details: { name: string; role: Role; isSuperAdmin: boolean; token: string; permissions?: Permission[] }): void {
  const current = shopStore.get(sessionAtom);
  shopStore.set(sessionAtom, { ...current, ...details, auth: true });
}

/** Clears who is signed in but keeps the chosen currency. Cart and wishlist follow the session. */
export function signOut(): void {
  const current = shopStore.get(sessionAtom);
  shopStore.set(sessionAtom, { ...signedOutSession, selectedCurrency: current.selectedCurrency });
}

/** Issue 42: the permissions the API answered for the signed-in staff member (GET /user/me), kept with the session. */
export function setPermissions(permissions: Permission[]): void {
  shopStore.set(sessionAtom, { ...shopStore.get(sessionAtom), permissions });
}

export function setSelectedCurrency(currencyId: string): void {
  shopStore.set(sessionAtom, { ...shopStore.get(sessionAtom), selectedCurrency: currencyId });
}
