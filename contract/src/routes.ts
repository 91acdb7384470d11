// How the shell, the remotes and the server that sends index.html agree on pages: the route table
// (shell/public/routes.json, data so the server can preload a route's remote with the page) and the
// run-time manifest of remotes (remotes.json).

/** Who may open a route (SPEC §2 "Route guards"). */
export type Guard = 'admin' | 'customer' | 'signedIn' | 'signedOut' | 'none';

/** Pages of the shell itself (shell/src/pages). */
export type ShellPage = 'PrivacyPage';

/** Which photo is a page's largest picture: the newest product's (the home's hero, the shop's first card) or the product's own. */
export type LeadImageOf = 'newest' | 'product';

/** A route shows either a remote's exposed module or one of the shell's own pages. */
export interface ShopRoute {
  path: string;
  /** Federated module id: "<remote>/<exposed module>"; none for the shell's own pages, which name their `page`. */
  remote?: string;
  page?: ShellPage;
  guard: Guard;
  /**
   * The page's largest picture (its LCP), for the server to preload with the page, and the `sizes` its
   * <img> uses, so the browser picks the same copy. `plainUrlOnly`: none when the URL has a query (the
   * shop's search and filters show other products).
   */
  leadImage?: { of: LeadImageOf; sizes: string; plainUrlOnly?: boolean };
}

/** The run-time manifest (/remotes.json): remote name -> URL of its remoteEntry.js, plus the API's URL. */
export interface RemotesManifest {
  apiUrl?: string;
  remotes: Record<string, string>;
  /** Remotes every page shows (checkout: the header's mini cart): the server preloads their entries with the page. */
  preload?: string[];
}
