import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PAID_PLAN_IDS } from '@tubewise/contract/billing-constants';
import { accountStanding, isLiveStatus, trialDaysLeft } from './standing.ts';

const STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
];
const DAY = 86_400_000;

describe('accountStanding', () => {
  it('is read-only exactly when no live subscription with a plan exists and the trial is over', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -60, max: 60 }),
        fc.option(
          fc.record({
            status: fc.constantFrom(...STATUSES),
            planId: fc.option(fc.constantFrom(...PAID_PLAN_IDS), { nil: null }),
          }),
          { nil: null },
        ),
        (trialOffsetDays, subscription) => {
          const now = new Date('2026-11-27T12:00:00Z');
          const trialEndsAt = new Date(now.getTime() + trialOffsetDays * DAY);
          const result = accountStanding({ trialEndsAt, subscription, now });
          const paid = Boolean(
            subscription && isLiveStatus(subscription.status) && subscription.planId,
          );
          const trialLeft = trialOffsetDays > 0;
          expect(result.readOnly).toBe(!paid && !trialLeft);
          expect(result.planId === 'trial').toBe(!paid);
          if (paid) expect(result.planId).toBe(subscription!.planId);
          if (paid)
            expect(result.standing).toBe(
              subscription!.status === 'past_due' ? 'past-due' : 'active',
            );
          else expect(result.standing).toBe(trialLeft ? 'trialing' : 'expired');
        },
      ),
    );
  });

  it('keeps the plan while a payment is retried (past_due) and drops it once canceled', () => {
    const now = new Date('2026-11-27T00:00:00Z');
    const ended = new Date('2026-11-01T00:00:00Z');
    expect(
      accountStanding({
        trialEndsAt: ended,
        subscription: { status: 'past_due', planId: 'pro' },
        now,
      }),
    ).toEqual({ planId: 'pro', standing: 'past-due', readOnly: false });
    expect(
      accountStanding({
        trialEndsAt: ended,
        subscription: { status: 'canceled', planId: 'pro' },
        now,
      }),
    ).toEqual({ planId: 'trial', standing: 'expired', readOnly: true });
  });
});

describe('trialDaysLeft', () => {
  it('counts a started day as a day and never goes below zero', () => {
    const now = new Date('2026-11-27T00:00:00Z');
    expect(trialDaysLeft(new Date(now.getTime() + 14 * DAY), now)).toBe(14);
    expect(trialDaysLeft(new Date(now.getTime() + 14 * DAY - 1), now)).toBe(14);
    expect(trialDaysLeft(new Date(now.getTime() + 1), now)).toBe(1);
    expect(trialDaysLeft(now, now)).toBe(0);
    expect(trialDaysLeft(new Date(now.getTime() - 5 * DAY), now)).toBe(0);
  });

  it('never grows as time passes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 * DAY }),
        fc.integer({ min: 0, max: DAY * 3 }),
        (a, step) => {
          const end = new Date('2026-12-10T00:00:00Z');
          const t0 = new Date(end.getTime() - a);
          const t1 = new Date(t0.getTime() + step);
          expect(trialDaysLeft(end, t1)).toBeLessThanOrEqual(trialDaysLeft(end, t0));
        },
      ),
    );
  });
});
