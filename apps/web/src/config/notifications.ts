/** Snackbar and toast timings of spec section 9, in one place. */

/** Default snackbar auto-hide. */
export const SNACKBAR_DURATION_MS = 3000;
/** Maximum snackbars stacked at once. */
export const SNACKBAR_MAX_STACK = 3;
/** Short snackbar auto-hide. */
export const SNACKBAR_SHORT_DURATION_MS = 2000;
/** Default auto-hide of alert-style notices. */
export const ALERT_DURATION_MS = 6000;
/** Maximum toasts visible at once. */
export const TOAST_MAX_VISIBLE = 3;
/** Toast auto-hide. */
export const TOAST_DURATION_MS = 5000;
/** Where toasts appear. */
export const TOAST_ANCHOR = { vertical: 'bottom', horizontal: 'left' } as const;
/** How long the session-expired notice stays (spec section 8). */
export const SESSION_EXPIRED_DURATION_MS = 5000;
/** How long the invalid-grant and access-forbidden notices stay (spec section 8). */
export const PLATFORM_ERROR_DURATION_MS = 15_000;
