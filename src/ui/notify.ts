/**
 * Toasts (react-hot-toast) without putting the library in every page's first load: it is fetched
 * with the first toast, and the toaster (src/chrome/LazyToaster.tsx) mounts at that moment. Toasts
 * live in the library's own store, so one raised before the toaster mounts is still shown.
 */
export const TOASTER_NEEDED = 'gatepass:toaster-needed';

let library: Promise<typeof import('react-hot-toast')> | null = null;

function load() {
  if (!library) {
    library = import('react-hot-toast');
    window.dispatchEvent(new Event(TOASTER_NEEDED));
  }
  return library;
}

export const notify = {
  success: (message: string) => void load().then(({ default: toast }) => toast.success(message)),
  error: (message: string) => void load().then(({ default: toast }) => toast.error(message)),
};

/** The `notify` action the machines declare (`{ tone, text }`), as a toast. */
export const notifyAction = (_: unknown, { tone, text }: { tone: 'success' | 'error'; text: string }) =>
  tone === 'success' ? notify.success(text) : notify.error(text);
