// Toasts: at most 1 at a time, shown for 5000 ms by default.
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** A dismissed toast leaves the store after this long. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface Toast {
  id: number;
  title?: string;
  description: string;
  variant: ToastVariant;
  duration: number;
  open: boolean;
  /** One button in the toast ("Undo"); the toast closes when it is pressed. */
  action?: { label: string; onAction: () => void };
}

type Listener = () => void;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((listener) => listener());

/** Shows a toast, replacing the one showing (only one at a time). Returns its id. */
export function showToast(input: {
  title?: string;
  description: string;
  variant?: ToastVariant;
  duration?: number;
  action?: Toast['action'];
}): number {
  const toast: Toast = { id: nextId++, variant: 'default', duration: TOAST_DURATION_MS, open: true, ...input };
  toasts = [toast, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return toast.id;
}

/** Closes a toast (or all); it is removed from the store later. */
export function dismissToast(id?: number): void {
  toasts = toasts.map((toast) => (id === undefined || toast.id === id ? { ...toast, open: false } : toast));
  emit();
  setTimeout(() => {
    toasts = toasts.filter((toast) => toast.open || (id !== undefined && toast.id !== id));
    emit();
  }, TOAST_REMOVE_DELAY_MS);
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): Toast[] {
  return toasts;
}

/** Test helper: forget every toast. */
export function resetToasts(): void {
  toasts = [];
  emit();
}
