import { isApiError } from '../../lib/api-error.ts';

/**
 * The words for a failed onboarding call: the server's own when it says how long to wait (429),
 * otherwise the step's fallback.
 */
export function callErrorText(err: unknown, fallback: string): string {
  if (isApiError(err, 429)) return err.message;
  return fallback;
}
