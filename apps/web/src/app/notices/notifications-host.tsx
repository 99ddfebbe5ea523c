import { useEffect } from 'react';
import { styled } from '@mui/material/styles';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import {
  SNACKBAR_DURATION_MS,
  SNACKBAR_MAX_STACK,
  TOAST_ANCHOR,
} from '../../config/notifications.ts';
import { registerNotifier } from '../../lib/notify.ts';

/** The coloured notice variants, drawn in the theme's colours. */
export const THEMED_VARIANTS = ['success', 'error', 'warning', 'info'] as const;

/**
 * notistack's content in the theme's colours: its own green, orange and blue carry white text
 * at 3.3:1 or less (WCAG AA needs 4.5:1); the theme's shades are checked for AA.
 */
const ThemedContent = styled(MaterialDesignContent)(({ theme }) =>
  Object.fromEntries(
    THEMED_VARIANTS.map((variant) => [
      `&.notistack-MuiContent-${variant}`,
      {
        backgroundColor: theme.palette[variant].main,
        color: theme.palette[variant].contrastText,
      },
    ]),
  ),
);

const COMPONENTS = Object.fromEntries(THEMED_VARIANTS.map((v) => [v, ThemedContent]));

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
      Components={COMPONENTS}
    />
  );
}
