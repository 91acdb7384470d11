import type { Queryable } from '../../db/client.js';
import type { CatalogVersion } from './catalogVersion.js';
import { CatalogFollower } from './followCatalog.js';
import { listedAfter, type ListedProduct, type ProductCursor } from './queries.js';

export type { ListedProduct };

/** Makes a listing from every product, handed over in batches, newest first. */
export type BuildListing<T> = (batches: AsyncIterable<ListedProduct[]>) => Promise<T>;

/**
 * A listing of every product (the sitemap: web/sitemap.ts), kept for the catalogue version it was made
 * under and made again after each catalogue change, once no other change has come for delayMs (as the
 * product pages are: followCatalog.ts), so a crawler's request finds it made. A request under a version
 * it was not made for yet waits for it, so a product added, renamed or deleted is in the next answer.
 * Products are read `batch` at a time between the visitors' queries, and only their slug and last change.
 */
export class ProductListing<T> extends CatalogFollower {
  private kept?: { version: number; value: T };
  private making?: { version: number; value: Promise<T> };

  constructor(
    private readonly db: Queryable,
    version: Pick<CatalogVersion, 'current' | 'onChange'>,
    private readonly build: BuildListing<T>,
    private readonly batch = 5_000,
    delayMs = 1_000,
  ) {
    super(version, delayMs);
  }

  /** The listing of the current catalogue version. */
  async current(): Promise<T> {
    return this.of(await this.version.current());
  }

  protected async run(version: number) {
    await this.of(version);
  }

  /** The one listing made for a version: kept, in the making, or started now. */
  private of(version: number): Promise<T> {
    if (this.kept?.version === version) return Promise.resolve(this.kept.value);
    if (this.making?.version === version) return this.making.value;
    const value = this.build(this.batches()).then((made) => {
      if (!this.kept || this.kept.version < version) this.kept = { version, value: made };
      return made;
    });
    this.making = { version, value };
    const done = () => {
      if (this.making?.value === value) this.making = undefined;
    };
    value.then(done, done);
    return value;
  }

  private async *batches(): AsyncGenerator<ListedProduct[]> {
    let after: ProductCursor | null = null;
    for (;;) {
      const rows = await listedAfter(this.db, after, this.batch);
      if (rows.length) yield rows;
      if (rows.length < this.batch) return;
      after = rows[rows.length - 1];
      await new Promise((resolve) => setImmediate(resolve)); // the visitors' requests first
    }
  }
}
