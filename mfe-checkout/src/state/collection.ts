import { atom, apiErrorMessage, call, apiStatus, forgetGuestCart, guestCartToken, sessionAtom, shopStore, signOut } from '@shop/shared';

/** SPEC §3/§4: a list slice (cart or wishlist) — items, status, error and length. */
export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export interface CollectionState<T> {
  items: T[];
  status: LoadStatus;
  error: string | null;
  length: number;
}

export function emptyCollection<T>(): CollectionState<T> {
  return { items: [], status: 'idle', error: null, length: 0 };
}

const sessionToken = () => shopStore.get(sessionAtom).token;

/** The server answers every cart/wishlist call with the whole list: `{ items }`. */
export interface ItemsAnswer<T> {
  items: T[];
}

export interface Collection<T> {
  atom: ReturnType<typeof atom<CollectionState<T>>>;
  /** Loads the list; without a token it is empty and the server is not called. */
  load(): Promise<void>;
  /** Runs a call answering `{ items }` and stores the answer; rejects when the call fails. */
  mutate(request: () => Promise<{ data: ItemsAnswer<T> }>): Promise<T[]>;
  /** Empties the list: settled ('succeeded') when signed out, 'idle' while a load for a token is due. */
  clear(): void;
  get(): CollectionState<T>;
}

export function createCollection<T>(endpoint: 'cart' | 'wishlist'): Collection<T> {
  const stateAtom = atom<CollectionState<T>>(emptyCollection<T>());
  // Whose list it is: the session's; signed out, the cart of a guest's cart token (issue 40); the wishlist stays for accounts.
  const currentToken = () => sessionToken() || (endpoint === 'cart' ? (guestCartToken() ?? '') : '');
  const set = (next: Partial<CollectionState<T>>) => shopStore.set(stateAtom, { ...shopStore.get(stateAtom), ...next });
  const setItems = (items: T[]) => set({ items, length: items.length, status: 'succeeded', error: null });

  async function load() {
    const token = currentToken();
    if (!token) {
      shopStore.set(stateAtom, { ...emptyCollection<T>(), status: 'succeeded' });
      return;
    }
    set({ status: 'loading', error: null });
    try {
      const { data } = (await call(endpoint)) as { data: ItemsAnswer<T> };
      // An answer for a session that has since ended is dropped.
      if (currentToken() === token) setItems(data.items);
    } catch (error) {
      if (currentToken() !== token && apiStatus(error) !== 401) return;
      // The session ended: signing out clears and settles both lists (sessionSync follows the token).
      if (apiStatus(error) === 401) {
        signOut();
        return;
      }
      // A guest's cart token refused (expired, swept, or guest checkout turned off): forgotten, the cart empty.
      if (apiStatus(error) === 403 && !sessionToken()) {
        forgetGuestCart();
        setItems([]);
        return;
      }
      set({ status: 'failed', error: apiErrorMessage(error, `Failed to load ${endpoint}`) });
    }
  }

  async function mutate(request: () => Promise<{ data: ItemsAnswer<T> }>) {
    const token = currentToken();
    const { data } = await request();
    if (currentToken() === token) setItems(data.items);
    return data.items;
  }

  return {
    atom: stateAtom,
    load,
    mutate,
    // A signed-out list is known to be empty: left 'idle', the pages would wait for a load that never comes.
    clear: () => shopStore.set(stateAtom, { ...emptyCollection<T>(), status: currentToken() ? 'idle' : 'succeeded' }),
    get: () => shopStore.get(stateAtom),
  };
}
