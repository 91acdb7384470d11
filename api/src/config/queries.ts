import type { Queryable } from '../db/client.js';

/** The cheapest statement that proves the database answers. */
export const ping = (q: Queryable) => q.query('SELECT 1');
