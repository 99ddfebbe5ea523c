/**
 * Snackbars and toasts without loading notistack up front: calls are buffered until the lazily
 * loaded notifications host registers itself, then forwarded to notistack.
 */
import type { ReactNode } from 'react';

/** Options of one notice (a subset of notistack's). */
export interface NoticeOptions {
  variant?: 'default' | 'success' | 'error' | 'warning' | 'info';
  autoHideDuration?: number;
  /** A stable key: with preventDuplicate, the same notice is never shown twice at once. */
  key?: string;
  preventDuplicate?: boolean;
  action?: (key: string | number) => ReactNode;
}

/** What the notifications host provides. */
export interface Notifier {
  show: (message: ReactNode, options: NoticeOptions) => void;
  close: (key: string) => void;
}

let notifier: Notifier | null = null;
const pending: [ReactNode, NoticeOptions][] = [];

/** Shows a snackbar/toast (queued until the notifications host is ready). */
export function notify(message: ReactNode, options: NoticeOptions = {}): void {
  if (notifier) notifier.show(message, options);
  else pending.push([message, options]);
}

/** Closes the notice with this key. */
export function closeNotice(key: string): void {
  notifier?.close(key);
}

/** Called by the notifications host when mounted; returns the unregister function. */
export function registerNotifier(next: Notifier): () => void {
  notifier = next;
  pending.splice(0).forEach(([message, options]) => next.show(message, options));
  return () => {
    if (notifier === next) notifier = null;
  };
}
