import { useSyncExternalStore } from 'react';

export type ToastKind = 'blank' | 'success' | 'error' | 'loading';

export type Toast = {
  id: number;
  kind: ToastKind;
  message: string;
  /** Milliseconds before it goes away; `null` stays until dismissed (loading toasts). */
  duration: number | null;
};

/** Spec §9. */
const TOAST_DURATIONS: Record<ToastKind, number | null> = {
  blank: 4000,
  error: 4000,
  success: 2000,
  loading: null,
};
export const MAX_TOASTS = 20;

type ToastOptions = { duration?: number | null; id?: number };

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(): void {
  for (const listener of listeners) listener();
}

function schedule(item: Toast): void {
  clearTimeout(timers.get(item.id));
  timers.delete(item.id);
  if (item.duration !== null) {
    timers.set(
      item.id,
      setTimeout(() => dismissToast(item.id), item.duration),
    );
  }
}

function show(kind: ToastKind, message: string, options: ToastOptions = {}): number {
  const duration = options.duration === undefined ? TOAST_DURATIONS[kind] : options.duration;
  const existing = options.id === undefined ? undefined : toasts.find((t) => t.id === options.id);
  const id = existing?.id ?? options.id ?? nextId++;
  if (existing) {
    // Updating a toast in place, typically a loading toast that has finished.
    const updated: Toast = { ...existing, kind, message, duration };
    toasts = toasts.map((t) => (t.id === id ? updated : t));
    schedule(updated);
  } else {
    const item: Toast = { id, kind, message, duration };
    const kept = [...toasts, item];
    // The oldest give way so that at most MAX_TOASTS are ever shown.
    for (const dropped of kept.slice(0, Math.max(0, kept.length - MAX_TOASTS))) {
      clearTimeout(timers.get(dropped.id));
      timers.delete(dropped.id);
    }
    toasts = kept.slice(-MAX_TOASTS);
    schedule(item);
  }
  emit();
  return id;
}

/** Remove one toast, or every toast when no id is given. */
export function dismissToast(id?: number): void {
  const gone = id === undefined ? toasts : toasts.filter((t) => t.id === id);
  if (gone.length === 0) return;
  for (const t of gone) {
    clearTimeout(timers.get(t.id));
    timers.delete(t.id);
  }
  toasts = id === undefined ? [] : toasts.filter((t) => t.id !== id);
  emit();
}

/**
 * Show a message. `toast('Saved')` is a blank toast; `toast.success`, `toast.error` and
 * `toast.loading` set the kind. Each returns the toast's id; pass `{ id }` to replace one.
 */
export const toast = Object.assign(
  (message: string, options?: ToastOptions) => show('blank', message, options),
  {
    success: (message: string, options?: ToastOptions) => show('success', message, options),
    error: (message: string, options?: ToastOptions) => show('error', message, options),
    loading: (message: string, options?: ToastOptions) => show('loading', message, options),
    dismiss: dismissToast,
  },
);

export function getToasts(): readonly Toast[] {
  return toasts;
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(subscribeToasts, getToasts, getToasts);
}
