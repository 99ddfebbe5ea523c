import { isApiError } from '../../../lib/api-error.ts';

/** The message of a failed call, as shown to the person. */
export function errorText(err: unknown): string {
  return isApiError(err) ? err.message : 'Something went wrong. Please try again.';
}
