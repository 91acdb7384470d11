import type { Session } from '@shop/shared';

export interface MenuEntry {
  show: boolean;
  title: string;
  url: string;
}

/** SPEC §2 account dropdown: each entry with a show flag, a title and a url. */
export function menuEntries(session: Pick<Session, 'auth' | 'role'>): MenuEntry[] {
  const signedIn = session.auth;
  const isAdmin = signedIn && session.role === 'admin';
  const isCustomer = signedIn && session.role === 'customer';
  return [
    { show: isAdmin, title: 'Dashboard', url: '/dashboard' },
    { show: signedIn, title: 'Orders', url: isAdmin ? '/orders' : '/my-account/orders' },
    { show: isAdmin, title: 'Products', url: '/products' },
    { show: isCustomer, title: 'Addresses', url: '/my-account/addresses' },
    { show: isAdmin, title: 'Filters', url: '/filters' },
    { show: isAdmin, title: 'Discounts', url: '/discounts' },
    { show: isAdmin, title: 'Currencies', url: '/currencies' },
    { show: isAdmin, title: 'Users', url: '/users' },
    { show: isAdmin, title: 'Deleted Users', url: '/deleted-users' },
    { show: signedIn, title: 'Logout', url: '/login' },
    { show: !signedIn, title: 'Login', url: '/login' },
    { show: !signedIn, title: 'Register', url: '/register' },
  ];
}
