import { useEffect } from 'react';
import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import {
  SNACKBAR_DURATION_MS,
  SNACKBAR_MAX_STACK,
  TOAST_ANCHOR,
} from '../../config/notifications.ts';
import { registerNotifier } from '../../lib/notify.ts';

/** Mounts notistack (loaded lazily, off the critical path) and plugs it into `notify()`. */
export default function NotificationsHost() {
  useEffect(
    () =>
      registerNotifier({
        show: (message, options) => enqueueSnackbar(message, options),
        close: (key) => closeSnackbar(key),
      }),
    [],
  );
  return (
    <SnackbarProvider
      maxSnack={SNACKBAR_MAX_STACK}
      autoHideDuration={SNACKBAR_DURATION_MS}
      anchorOrigin={TOAST_ANCHOR}
    />
  );
}
