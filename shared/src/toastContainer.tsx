// react-toastify and its stylesheet, loaded by toast.tsx on the first toast rather than with every page.
import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import './toastPlacement.css';

export { toast } from 'react-toastify';

// Top-right (SPEC §9) but below the header's first row: 'Item added to Cart!' used to lie over the cart
// button, and a pointer resting on it pauses the toast, so the cart could not be opened until it moved away.
const belowHeader = { top: 'calc(var(--header-height) + var(--space-2))' };

/** The container; onMounted runs after it has registered, when toasts sent to it are shown. */
export function LoadedToastArea({ autoClose, onMounted }: { autoClose: number; onMounted: () => () => void }) {
  useEffect(onMounted, [onMounted]);
  return <ToastContainer position="top-right" autoClose={autoClose} hideProgressBar theme="light" newestOnTop style={belowHeader} />;
}
