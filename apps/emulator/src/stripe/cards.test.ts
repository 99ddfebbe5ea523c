// Stripe's test cards and the hosted forms' input checks.
import { describe, expect, it } from 'vitest';
import { CARD_MESSAGES, chargeRefusal, checkCard, luhnValid } from './cards.ts';

const NOW = Date.UTC(2026, 5, 15);
const card = (number: string, over: Partial<{ expiry: string; cvc: string; name: string }> = {}) =>
  checkCard({ number, expiry: '12 / 30', cvc: '123', name: 'Ada', ...over }, NOW);
const messages = (result: ReturnType<typeof checkCard>) =>
  result.ok ? [] : result.refusals.map((r) => r.message);

describe('test cards', () => {
  it('accepts 4242… and reads brand, last4 and expiry', () => {
    const result = card('4242 4242 4242 4242');
    expect(result).toEqual({
      ok: true,
      card: {
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2030,
        funding: 'credit',
        country: 'US',
        behaviour: 'succeeds',
      },
    });
    expect(card('378282246310005', { cvc: '1234' })).toMatchObject({
      ok: true,
      card: { brand: 'amex' },
    });
  });

  it('answers Stripe’s decline messages', () => {
    expect(messages(card('4000000000000002'))).toEqual([CARD_MESSAGES.declined]);
    expect(messages(card('4000000000009995'))).toEqual(['Your card has insufficient funds.']);
    expect(messages(card('4000000000000069'))).toEqual(['Your card has expired.']);
    expect(messages(card('4000000000000127'))).toEqual(["Your card's security code is incorrect."]);
    expect(messages(card('4111111111111111'))[0]).toMatch(/non test card/);
  });

  it('0341 attaches, and every later charge is declined', () => {
    const result = card('4000000000000341');
    expect(result.ok).toBe(true);
    if (result.ok) expect(chargeRefusal(result.card)?.message).toBe('Your card was declined.');
  });

  it('checks the number, the expiry and the CVC like Checkout does', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(messages(card('4242 4242 4242 4241'))).toEqual(['Your card number is incorrect.']);
    expect(messages(card('4242 4242'))).toEqual(['Your card number is incomplete.']);
    expect(messages(card('4242424242424242', { expiry: '12 / 25' }))).toEqual([
      "Your card's expiration year is in the past.",
    ]);
    expect(messages(card('4242424242424242', { expiry: '05 / 26' }))).toEqual([
      "Your card's expiration date is in the past.",
    ]);
    expect(messages(card('4242424242424242', { expiry: '13 / 30' }))).toEqual([
      "Your card's expiration month is invalid.",
    ]);
    expect(messages(card('4242424242424242', { expiry: '' }))).toEqual([
      "Your card's expiration date is incomplete.",
    ]);
    expect(messages(card('4242424242424242', { cvc: '' }))).toEqual([
      "Your card's security code is incomplete.",
    ]);
    expect(messages(card('4242424242424242', { name: ' ' }))).toEqual([CARD_MESSAGES.nameRequired]);
    expect(card('4242424242424242', { expiry: '0630' }).ok).toBe(true);
    expect(card('4242424242424242', { expiry: '06/2030' }).ok).toBe(true);
  });
});
