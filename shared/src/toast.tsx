import { ToastContainer, toast, type ToastOptions } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** SPEC §9: the app-wide toast area closes after 2000 ms, no progress bar. */
export const TOAST_AUTO_CLOSE_MS = 2000;

const defaults: ToastOptions = { autoClose: TOAST_AUTO_CLOSE_MS, hideProgressBar: true };

export function ToastArea() {
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} hideProgressBar theme="light" newestOnTop />;
}

export const notify = {
  success: (message: string) => toast.success(message, defaults),
  error: (message: string) => toast.error(message, defaults),
  info: (message: string) => toast.info(message, defaults),
};

/** Pending / success / error toasts around one call (SPEC §8 triples). */
export function notifyPromise<T>(promise: Promise<T>, messages: { pending: string; success: string; error: string }): Promise<T> {
  return toast.promise(promise, messages, defaults) as Promise<T>;
}
