import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { PLANS_HREF } from '../config/paths.ts';
import { isPlanError, planErrorText, READ_ONLY_TEXT } from './plan-errors.ts';

const apiError = (code: string, details?: unknown, status = 409) =>
  new ApiError({ status, code, message: `server: ${code}`, details });

describe('plan refusals in words', () => {
  it('point at the plans of the account settings', () => {
    expect(PLANS_HREF).toBe('/settings/account#billing');
  });

  it('say the channel and people limits with the plan and the numbers', () => {
    expect(
      planErrorText(apiError('channel-limit-reached', { limit: 1, used: 1, plan: 'creator' })),
    ).toBe(
      'Your Creator plan allows 1 channel of your own, and you have connected 1. Choose a bigger plan to connect more.',
    );
    expect(
      planErrorText(apiError('channel-limit-reached', { limit: 3, used: 3, plan: 'trial' })),
    ).toBe(
      'Your free trial allows 3 channels of your own, and you have connected 3. Choose a bigger plan to connect more.',
    );
    expect(
      planErrorText(apiError('people-limit-reached', { limit: 5, used: 5, plan: 'pro' })),
    ).toBe(
      'Your Pro plan allows 5 people per channel (invitations count), and this channel has 5. Choose a bigger plan to invite more people.',
    );
    expect(
      planErrorText(apiError('people-limit-reached', { limit: 1, used: 1, plan: 'Agency' })),
    ).toMatch(/^Your Agency plan allows 1 person per channel/);
  });

  it('say every plan refusal without details too', () => {
    expect(planErrorText(apiError('channel-limit-reached'))).toBe(
      'You have connected as many channels as your plan allows. Choose a bigger plan to connect more.',
    );
    expect(planErrorText(apiError('people-limit-reached', { plan: 'pro' }))).toBe(
      'This channel has as many people as your plan allows (invitations count). Choose a bigger plan to invite more people.',
    );
    expect(planErrorText(apiError('tracked-keywords-limit'))).toBe(
      'This channel tracks as many keywords as your plan allows. Delete some keywords or choose a bigger plan.',
    );
    expect(planErrorText(apiError('ai-quota-exceeded', undefined, 429))).toBe(
      "This channel has used all of this month's AI generations. A bigger plan allows more each month.",
    );
    expect(planErrorText(apiError('account-read-only', undefined, 402))).toBe(READ_ONLY_TEXT);
    expect(READ_ONLY_TEXT).toBe(
      "This channel's free trial has ended, so publishing, AI suggestions and rank checks are paused until a plan is chosen. All data is kept.",
    );
  });

  it('know plan refusals kept as { code, message } and leave every other error alone', () => {
    expect(isPlanError({ code: 'account-read-only', message: 'x' })).toBe(true);
    expect(isPlanError(apiError('conflict'))).toBe(false);
    expect(isPlanError(new Error('boom'))).toBe(false);
    expect(isPlanError(null)).toBe(false);
    expect(planErrorText(apiError('conflict'))).toBeNull();
    expect(planErrorText(undefined)).toBeNull();
  });
});
