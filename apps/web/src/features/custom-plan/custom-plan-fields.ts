/**
 * The custom-plan form's fields without zod: the contract's limits come from its zod-free
 * billing entry, the largest plan from PAID_PLANS, and the server's field issues are mapped back
 * onto the fields they name.
 */
import type { BodyOf } from '@tubewise/contract';
import {
  CUSTOM_PLAN_MESSAGE_MAX_LENGTH,
  CUSTOM_PLAN_NUMBER_MAX,
  PAID_PLANS,
} from '@tubewise/contract/billing-constants';
import { formatNumber } from '../../lib/format.ts';

/** The request body. */
export type CustomPlanBody = BodyOf<'customPlanRequest'>;
/** The number fields. */
export type CountField = 'channels' | 'people' | 'keywords';
/** Every field of the form. */
export type CustomPlanField = CountField | 'message';
/** What the person typed, as typed. */
export type CustomPlanValues = Record<CustomPlanField, string>;
/** A message per field that needs correcting. */
export type FieldErrors = Partial<Record<CustomPlanField, string>>;

/** The largest plan of the catalogue (Agency): the custom plan is for more than it holds. */
export const LARGEST_PLAN = PAID_PLANS.at(-1)!;

/** The number fields, with what the largest plan includes of each. */
export const COUNT_FIELDS: readonly { name: CountField; label: string; included: number }[] = [
  { name: 'channels', label: 'Channels', included: LARGEST_PLAN.limits.channels },
  { name: 'people', label: 'People per channel', included: LARGEST_PLAN.limits.peoplePerChannel },
  {
    name: 'keywords',
    label: 'Tracked keywords per channel',
    included: LARGEST_PLAN.limits.trackedKeywordsPerChannel,
  },
];

/** The empty form. */
export const EMPTY_VALUES: CustomPlanValues = {
  channels: '',
  people: '',
  keywords: '',
  message: '',
};

/** Helper text of a number field: what the largest plan includes and where custom plans start. */
export function countHelper(included: number): string {
  return `${LARGEST_PLAN.name} includes ${formatNumber(included)}; custom plans start at ${formatNumber(included + 1)}.`;
}

/** The error of a number field that is empty, not a whole number, or too large. */
export const COUNT_ERROR = `Enter a whole number from 0 to ${formatNumber(CUSTOM_PLAN_NUMBER_MAX)}.`;
/** The error of a message that is too long. */
export const MESSAGE_TOO_LONG = `Use at most ${formatNumber(CUSTOM_PLAN_MESSAGE_MAX_LENGTH)} characters.`;

/** A typed count ("5000", "5,000", " 5 000 ") as a number, or null when it is not 0..max. */
export function parseCount(text: string): number | null {
  const digits = text.replace(/[\s,]/g, '');
  if (!/^\d{1,7}$/.test(digits)) return null;
  const value = Number(digits);
  return value <= CUSTOM_PLAN_NUMBER_MAX ? value : null;
}

/** "12 / 5,000 characters": the message's counter. */
export function messageCounter(message: string): string {
  return `${formatNumber(message.length)} / ${formatNumber(CUSTOM_PLAN_MESSAGE_MAX_LENGTH)} characters`;
}

/** The body to send, or the fields to correct first. */
export function toBody(
  values: CustomPlanValues,
): { ok: true; body: CustomPlanBody } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const counts: Partial<Record<CountField, number>> = {};
  for (const { name } of COUNT_FIELDS) {
    const value = parseCount(values[name]);
    if (value === null) errors[name] = COUNT_ERROR;
    else counts[name] = value;
  }
  const message = values.message.trim();
  if (message.length > CUSTOM_PLAN_MESSAGE_MAX_LENGTH) errors.message = MESSAGE_TOO_LONG;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    body: {
      channels: counts.channels!,
      people: counts.people!,
      keywords: counts.keywords!,
      message,
    },
  };
}

const FIELDS: readonly CustomPlanField[] = ['channels', 'people', 'keywords', 'message'];

/**
 * The server's issues (`body.channels`, …) as field errors; issues naming no field of the form
 * are left out (the caller shows a general message when nothing is left).
 */
export function issuesToErrors(issues: readonly { path: string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.replace(/^body\./, '').split('.')[0] as CustomPlanField;
    if (FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}
