/**
 * The refusals that a bigger plan (or any plan, once the trial has ended) would lift, in words.
 * Shared by every feature that can meet one (connecting a channel, inviting someone, tracking
 * keywords, AI suggestions, publishing, rank checks), so each says it the same way and shows the
 * same way out: the plans in the account settings (`PLANS_HREF` of config/paths.ts).
 */
import { PAID_PLANS, TRIAL_PLAN_NAME } from '@tubewise/contract/billing-constants';

/** Error codes a plan decides. */
export const PLAN_ERROR_CODES = [
  'channel-limit-reached',
  'people-limit-reached',
  'tracked-keywords-limit',
  'ai-quota-exceeded',
  'account-read-only',
] as const;

/**
 * What publishing, AI suggestions and rank checks say once the trial ended without a plan (the
 * channel's owner's account: a person the channel is shared with meets it too).
 */
export const READ_ONLY_TEXT =
  "This channel's free trial has ended, so publishing, AI suggestions and rank checks are paused until a plan is chosen. All data is kept.";

/** The error code of an ApiError or of any `{ code }` an error was kept as. */
function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether `err` is a refusal a plan decides. */
export function isPlanError(err: unknown): boolean {
  const code = codeOf(err);
  return code !== undefined && (PLAN_ERROR_CODES as readonly string[]).includes(code);
}

/** `details` of `channel-limit-reached` and `people-limit-reached`. */
interface LimitDetails {
  limit: number;
  used: number;
  plan: unknown;
}

function limitDetailsOf(err: unknown): LimitDetails | null {
  const d = (err as { details?: unknown } | null)?.details as Record<string, unknown> | undefined;
  return d && typeof d === 'object' && typeof d.limit === 'number' && typeof d.used === 'number'
    ? { limit: d.limit, used: d.used, plan: d.plan }
    : null;
}

/** "Your Pro plan" / "Your free trial" for a plan id or name; "Your plan" when unknown. */
function yourPlan(plan: unknown): string {
  if (plan === 'trial' || plan === TRIAL_PLAN_NAME) return 'Your free trial';
  const name = PAID_PLANS.find((p) => p.id === plan || p.name === plan)?.name;
  return name ? `Your ${name} plan` : 'Your plan';
}

// As lib/format's formatNumber, without importing it: every page with a limit loads this.
const formatNumber = (n: number): string => n.toLocaleString('en-US');
const count = (n: number, one: string, many = `${one}s`) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/** The refusal in words with what a plan would change, or null when `err` is not one of them. */
export function planErrorText(err: unknown): string | null {
  const details = limitDetailsOf(err);
  switch (codeOf(err)) {
    case 'channel-limit-reached':
      return details
        ? `${yourPlan(details.plan)} allows ${count(details.limit, 'channel')} of your own, and you have connected ${formatNumber(details.used)}. Choose a bigger plan to connect more.`
        : 'You have connected as many channels as your plan allows. Choose a bigger plan to connect more.';
    case 'people-limit-reached':
      return details
        ? `${yourPlan(details.plan)} allows ${count(details.limit, 'person', 'people')} per channel (invitations count), and this channel has ${formatNumber(details.used)}. Choose a bigger plan to invite more people.`
        : 'This channel has as many people as your plan allows (invitations count). Choose a bigger plan to invite more people.';
    case 'tracked-keywords-limit':
      return 'This channel tracks as many keywords as your plan allows. Delete some keywords or choose a bigger plan.';
    case 'ai-quota-exceeded':
      return "This channel has used all of this month's AI generations. A bigger plan allows more each month.";
    case 'account-read-only':
      return READ_ONLY_TEXT;
    default:
      return null;
  }
}
