import type { Permission } from './staff';
// How the shell, the remotes and the server that sends index.html agree on pages: each remote's list
// of what it offers (<remote>/src/offers.ts: pages, fragments, menu entries), the route table built
// from those lists (shell/public/routes.json, data so the server can preload a route's remote with
// the page) and the run-time manifest of remotes (remotes.json).

/**
 * Who may open a route (SPEC §2 "Route guards"). `superAdmin`: a page whose every call is the super
 * admin's (the Releases page, issue 36), kept out of plain admins' menus and sent away like `admin`.
 */
export type Guard = 'admin' | 'superAdmin' | 'customer' | 'signedIn' | 'signedOut' | 'none';

/** Pages of the shell itself (shell/src/pages). */
export type ShellPage = 'PrivacyPage' | 'PolicyPage';

/** Which photo is a page's largest picture: the newest product's (the home's hero, the shop's first card) or the product's own. */
export type LeadImageOf = 'newest' | 'product';

/**
 * A page's largest picture (its LCP), for the server to preload with the page, and the `sizes` its
 * <img> uses, so the browser picks the same copy. `plainUrlOnly`: none when the URL has a query (the
 * shop's search and filters show other products).
 */
export interface LeadImage {
  of: LeadImageOf;
  sizes: string;
  plainUrlOnly?: boolean;
}

/**
 * A page's entry in the menus: the account dropdown (shell) and, in the back office, the admin side nav.
 * `shownTo`: who sees the entry, when fewer than the page's guard lets in (My Addresses: customers,
 * though anyone signed in may open it).
 */
export interface MenuOffer {
  label: string;
  shownTo?: Guard;
}

/** A route shows either a remote's exposed module or one of the shell's own pages. */
export interface ShopRoute {
  path: string;
  /** Federated module id: "<remote>/<exposed module>"; none for the shell's own pages, which name their `page`. */
  remote?: string;
  page?: ShellPage;
  guard: Guard;
  leadImage?: LeadImage;
  menu?: MenuOffer;
  /** Issue 42: a back-office page's permission (PageOffer's), for the account menu. */
  permission?: Permission;
}

/** One page a remote offers: where the shell shows it, the module it exposes, who may open it. */
export interface PageOffer {
  path: string;
  /** The exposed module's name: the shell loads it as "<remote>/<module>". */
  module: string;
  /** The module's source file, from the list's folder (`src/`): "./dashboard/DashboardPage.tsx". */
  file: string;
  guard: Guard;
  leadImage?: LeadImage;
  menu?: MenuOffer;
  /** Issue 42: a back-office page's permission: hidden from the menu of staff without it, and "You do not have access" by URL. */
  permission?: Permission;
}

/** A module other apps embed in their own pages (the mini cart, an order list): exposed, never routed. */
export interface FragmentOffer {
  module: string;
  file: string;
}

/**
 * Everything a remote offers, in one list (<remote>/src/offers.ts): the remote's webpack `exposes`,
 * the shell's route table and the menus are built from it. Pages in menu order.
 */
export interface RemoteOffers {
  /** Federation name: "admin" (webpack's `name`, the first half of a route's `remote`). */
  name: string;
  pages: readonly PageOffer[];
  fragments?: readonly FragmentOffer[];
}

/** The names of a list's pages' modules (for a list written `as const`): what a remote must have a component for. */
export type PageModuleOf<T extends RemoteOffers> = T['pages'][number]['module'];

/** The run-time manifest (/remotes.json): remote name -> URL of its remoteEntry.js, plus the API's URL. */
export interface RemotesManifest {
  apiUrl?: string;
  remotes: Record<string, string>;
  /** Remotes every page shows (checkout: the header's mini cart): the server preloads their entries with the page. */
  preload?: string[];
  /** The route table made from the releases this visitor gets (issue 36); absent: the shell's own routes.json. */
  routes?: ShopRoute[];
  /** Each remote's release this visitor gets: remote -> version (the shell's health reports name it). */
  versions?: Record<string, string>;
}
