// react-toastify and its stylesheet, loaded by toast.tsx on the first toast rather than with every page.
import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

export { toast } from 'react-toastify';

/** The container; onMounted runs after it has registered, when toasts sent to it are shown. */
export function LoadedToastArea({ autoClose, onMounted }: { autoClose: number; onMounted: () => () => void }) {
  useEffect(onMounted, [onMounted]);
  return <ToastContainer position="top-right" autoClose={autoClose} hideProgressBar theme="light" newestOnTop />;
}
