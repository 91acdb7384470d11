import type { Db } from './client.js';

// Two handles on one database (app/databases.ts). Every request's module writes through the counted one
// (CountedDb, catalog/memory/ownWrites.ts), so the catalogue's memory sees this process's writes at once.
// The background writers (the mail sender, the sales fold, the limits' counters, the releases' store and
// health, the metrics) write no catalogue data: through the counted handle every claim of an e-mail would
// make the catalogue ask for its version again. They take this one, which only forBackgroundWork makes:
// the counted handle is not one (a type error), and this one is not a CountedDb (no `writes`), so neither
// can stand in for the other unnoticed.

declare const background: unique symbol;

/** The database for work no request waits on and that changes no catalogue data. */
export type BackgroundDb = Db & { readonly [background]: true };

/** The database as background writers use it (writes not counted for the catalogue's memory). */
export const forBackgroundWork = (db: Db): BackgroundDb => db as BackgroundDb;
