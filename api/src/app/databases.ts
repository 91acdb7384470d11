import { countWrites, type CountedDb } from '../catalog/index.js';
import { forBackgroundWork, type BackgroundDb } from '../db/background.js';
import { createDb, type Db } from '../db/client.js';
import { migrate } from '../db/migrate.js';

/** The two handles on the shop's database (db/background.ts says which work takes which). */
export interface Databases {
  /** For every request's module (Ctx.db): counts this process's writes for the catalogue's memory. */
  counted: CountedDb;
  /** For the background writers: their writes are no catalogue data. */
  background: BackgroundDb;
}

/** Opens the database (or takes the one given, tests), migrates it and hands out its two handles. */
export async function openDatabases(o: { db?: Db; databaseUrl?: string; dataDir?: string }): Promise<Databases> {
  const opened = o.db ?? (await createDb({ databaseUrl: o.databaseUrl, dataDir: o.dataDir }));
  await migrate(opened);
  return { counted: countWrites(opened), background: forBackgroundWork(opened) };
}
