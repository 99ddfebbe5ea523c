/** How ideation failures read to a person. */
import { isApiError } from '../../../lib/api-error.ts';

/** Shown when the keyword data provider cannot answer. */
export const KEYWORD_DATA_UNAVAILABLE_TEXT =
  'Keyword data is unavailable right now. Please try again in a few minutes.';

/** Whether the failure means the keyword data (or the platform behind it) is unavailable. */
export function isDataUnavailable(err: unknown): boolean {
  return (
    isApiError(err) &&
    (err.code === 'platform-unavailable' ||
      err.code === 'unavailable' ||
      err.code === 'platform-quota-exceeded' ||
      err.status === 503)
  );
}

/** The server's refusal of the seeds (code 'too-many-seeds'), or null for any other failure. */
export function tooManySeedsMessage(err: unknown): string | null {
  return isApiError(err) && err.code === 'too-many-seeds' ? err.message : null;
}

/** One sentence for a failed ideation call: `what` is e.g. "load ideas". */
export function ideaErrorText(err: unknown, what: string): string {
  if (isDataUnavailable(err)) return KEYWORD_DATA_UNAVAILABLE_TEXT;
  if (isApiError(err, 0)) return `We could not ${what}: the server cannot be reached.`;
  return `We could not ${what}.`;
}
