/**
 * A part kept in the catalogue's memory under the catalogue version (CatalogMemory.remember: dropped on every
 * catalogue write, this process's at once, another's when notified), or made each time: what a read that may be
 * a moment behind (an order preview, the shipping options) is handed; a write reads its transaction's own.
 */
export type Remember = <T>(key: unknown[], load: () => Promise<T>) => Promise<T>;

export const madeEachTime: Remember = (_key, load) => load();
