import type { CartItem, Order, Product } from './wire';

// The props of the fragments one remote renders inside another's page (SPEC's MiniCart, AddToCart,
// WishlistButton, CartRow, the orders list the admin reuses). They cross remotes at run time, where no
// compiler sees both sides: this map is what both sides are checked against (RemoteComponent in
// @shop/shared takes a fragment's id and only its props; the fragment types its props from here).

/** customer: the signed-in customer's orders, cancel while pending; admin: every order, status and delete. */
export type OrdersMode = 'customer' | 'admin';

export interface FragmentProps {
  'checkout/MiniCart': { compact?: boolean };
  'checkout/AddToCart': {
    /** What adding reads of the piece: the product page passes its product, the wishlist its item. */
    product: Pick<Product, '_id' | 'available' | 'variants' | 'trackInventory' | 'stock'>;
    selectedOptions: Array<{ variantId: string; optionId: string }>;
    quantity: number;
    /** The unit price in the selected currency, options included; undefined when there is none. */
    price: number | undefined;
  };
  'checkout/WishlistButton': { product: Product };
  'checkout/CartRow': {
    item: CartItem;
    /** The admin's user modal: no remove and no quantity controls. */
    adminView?: boolean;
    /** Prices in this currency (default: the selected one). */
    currencyId?: string;
  };
  'account/OrdersList': { mode?: OrdersMode };
  'account/OrderDetailsModal': {
    orderId: string;
    mode: OrdersMode;
    onClose: () => void;
    /** Called with the updated order after a status change, or with nothing after a delete. */
    onChanged: (order?: Order) => void;
  };
  /**
   * The back office's frame (issue 19) around an admin page: the shell passes the routed page and its
   * account menu, both React elements (the contract names no React: the frame renders them as nodes).
   */
  'admin/AdminFrame': { page: HostElement; accountMenu?: HostElement };
}

/** A React element one app hands another to render (typed as React's ReactNode on each side). */
export type HostElement = unknown;

/** "<remote>/<exposed module>" of a fragment. */
export type FragmentId = keyof FragmentProps;
