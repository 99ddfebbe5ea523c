import { describe, expect, it } from 'vitest';
import { customPlanBody } from '@tubewise/contract';
import {
  CUSTOM_PLAN_MESSAGE_MAX_LENGTH,
  CUSTOM_PLAN_NUMBER_MAX,
} from '@tubewise/contract/billing-constants';
import {
  COUNT_ERROR,
  COUNT_FIELDS,
  countHelper,
  issuesToErrors,
  LARGEST_PLAN,
  MESSAGE_TOO_LONG,
  messageCounter,
  parseCount,
  toBody,
} from './custom-plan-fields.ts';

describe('custom plan fields', () => {
  it('compares with the largest plan, Agency', () => {
    expect(LARGEST_PLAN.name).toBe('Agency');
    expect(COUNT_FIELDS.map((f) => f.included)).toEqual([10, 20, 2000]);
    expect(countHelper(2000)).toBe('Agency includes 2,000; custom plans start at 2,001.');
  });

  it('reads whole numbers from 0 to the maximum, with or without thousands separators', () => {
    expect(parseCount('0')).toBe(0);
    expect(parseCount(' 5,000 ')).toBe(5000);
    expect(parseCount('12 500')).toBe(12500);
    expect(parseCount(String(CUSTOM_PLAN_NUMBER_MAX))).toBe(CUSTOM_PLAN_NUMBER_MAX);
    for (const bad of ['', '  ', '-1', '2.5', '1e3', 'ten', String(CUSTOM_PLAN_NUMBER_MAX + 1)]) {
      expect(parseCount(bad), bad).toBeNull();
    }
  });

  it('builds a body the contract accepts, or names the fields to correct', () => {
    const ok = toBody({ channels: '25', people: '40', keywords: '5,000', message: '  Hello  ' });
    expect(ok).toEqual({
      ok: true,
      body: { channels: 25, people: 40, keywords: 5000, message: 'Hello' },
    });
    if (ok.ok) expect(customPlanBody.safeParse(ok.body).success).toBe(true);
    expect(
      toBody({
        channels: '',
        people: '3',
        keywords: 'many',
        message: 'x'.repeat(CUSTOM_PLAN_MESSAGE_MAX_LENGTH + 1),
      }),
    ).toEqual({
      ok: false,
      errors: { channels: COUNT_ERROR, keywords: COUNT_ERROR, message: MESSAGE_TOO_LONG },
    });
  });

  it('counts the message against its limit', () => {
    expect(messageCounter('')).toBe('0 / 5,000 characters');
    expect(messageCounter('Hello')).toBe('5 / 5,000 characters');
  });

  it("maps the server's issues onto the fields they name (the first per field)", () => {
    expect(
      issuesToErrors([
        { path: 'body.channels', message: 'Too big' },
        { path: 'body.channels', message: 'Second' },
        { path: 'body.message', message: 'Contains characters that are not allowed' },
        { path: 'querystring.x', message: 'Not a field' },
      ]),
    ).toEqual({ channels: 'Too big', message: 'Contains characters that are not allowed' });
  });
});
