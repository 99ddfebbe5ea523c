/**
 * The billing texts the app-wide banners share with the settings section. Apart from
 * billing-format.ts (and free of lib/format), so the banners' chunk, which every signed-in page
 * loads, carries only what it shows.
 */
import { isApiError } from '../../lib/api-error.ts';

/** The section's element id: `#billing` scrolls to it (checkout and portal come back there). */
export const BILLING_SECTION_ID = 'billing';

/** What the expired trial stops, said in the banner and the section. */
export const EXPIRED_TEXT =
  'Your free trial has ended. Publishing, AI suggestions and rank checks are paused until you choose a plan. Your data is kept.';

/** Days left before which the trial banner shows. */
export const TRIAL_BANNER_DAYS = 3;

/** "3 days left in your free trial", "1 day left…", "Last day of your free trial". */
export function trialDaysText(days: number): string {
  if (days <= 0) return 'Last day of your free trial';
  return `${days} ${days === 1 ? 'day' : 'days'} left in your free trial`;
}

/** The failure of opening the billing portal, in words. */
export function portalErrorText(err: unknown): string {
  return `We could not open the billing portal. ${
    isApiError(err) ? err.message : 'Something went wrong. Please try again.'
  }`;
}
