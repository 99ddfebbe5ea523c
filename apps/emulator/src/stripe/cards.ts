// Stripe's test cards: what the hosted forms accept, the messages Checkout shows for bad input
// (Stripe's own wording), and what happens when a card is attached or charged.

/** What a card does when the emulator uses it. */
export type CardBehaviour =
  /** Attaches and every charge succeeds. */
  | 'succeeds'
  /** Attaches, but every charge is declined (4000 0000 0000 0341). */
  | 'charge_declined';

/** A card that was accepted (attached to a customer). */
export interface AcceptedCard {
  brand: 'visa' | 'mastercard' | 'amex' | 'discover';
  last4: string;
  expMonth: number;
  expYear: number;
  funding: 'credit' | 'debit';
  country: string;
  behaviour: CardBehaviour;
}

/** Which input a message belongs to. */
export type CardField = 'number' | 'expiry' | 'cvc' | 'name' | 'email';

/** A refusal: Stripe's code, decline code and message, and the field it belongs to. */
export interface CardRefusal {
  field: CardField | null;
  code: string;
  declineCode?: string;
  message: string;
}

/** The form's raw inputs. */
export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export const CARD_MESSAGES = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expiredCard: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  processingError: 'An error occurred while processing your card. Try again in a little bit.',
  incorrectNumber: 'Your card number is incorrect.',
  incompleteNumber: 'Your card number is incomplete.',
  incompleteExpiry: "Your card's expiration date is incomplete.",
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  expiryYearPast: "Your card's expiration year is in the past.",
  expiryDatePast: "Your card's expiration date is in the past.",
  incompleteCvc: "Your card's security code is incomplete.",
  nameRequired: 'Enter the name on the card.',
  liveCardInTestMode:
    'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
} as const;

type TestCard =
  | { outcome: 'ok'; behaviour: CardBehaviour; funding?: 'credit' | 'debit' }
  | { outcome: 'refused'; refusal: CardRefusal };

const declined = (declineCode: string, message: string = CARD_MESSAGES.declined): TestCard => ({
  outcome: 'refused',
  refusal: { field: 'number', code: 'card_declined', declineCode, message },
});

/** Stripe's documented test numbers (https://docs.stripe.com/testing). */
const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': { outcome: 'ok', behaviour: 'succeeds' },
  '4000056655665556': { outcome: 'ok', behaviour: 'succeeds', funding: 'debit' },
  '5555555555554444': { outcome: 'ok', behaviour: 'succeeds' },
  '2223003122003222': { outcome: 'ok', behaviour: 'succeeds' },
  '5200828282828210': { outcome: 'ok', behaviour: 'succeeds', funding: 'debit' },
  '378282246310005': { outcome: 'ok', behaviour: 'succeeds' },
  '371449635398431': { outcome: 'ok', behaviour: 'succeeds' },
  '6011111111111117': { outcome: 'ok', behaviour: 'succeeds' },
  '4000000000000341': { outcome: 'ok', behaviour: 'charge_declined' },
  '4000000000000002': declined('generic_decline'),
  '4000000000009995': declined('insufficient_funds', CARD_MESSAGES.insufficientFunds),
  '4000000000009987': declined('lost_card'),
  '4000000000009979': declined('stolen_card'),
  '4000000000000069': {
    outcome: 'refused',
    refusal: { field: 'number', code: 'expired_card', message: CARD_MESSAGES.expiredCard },
  },
  '4000000000000127': {
    outcome: 'refused',
    refusal: { field: 'cvc', code: 'incorrect_cvc', message: CARD_MESSAGES.incorrectCvc },
  },
  '4000000000000119': {
    outcome: 'refused',
    refusal: { field: 'number', code: 'processing_error', message: CARD_MESSAGES.processingError },
  },
};

/** The Luhn check every card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

function brandOf(digits: string): AcceptedCard['brand'] {
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'visa';
}

/** Parses "MM / YY", "MM/YY", "MMYY" or "MM / YYYY"; null when it is not one of those. */
function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^(\d{1,2})\s*\/?\s*(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return { month, year };
}

/**
 * Checks the inputs and, for a valid number, what Stripe's test card does when attached.
 * `now` (epoch ms) is the emulator's clock, for the expiry date. Returns every field problem
 * (the form marks each input) or the accepted card.
 */
export function checkCard(
  input: CardInput,
  now: number,
): { ok: true; card: AcceptedCard } | { ok: false; refusals: CardRefusal[] } {
  const refusals: CardRefusal[] = [];
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(digits) || (digits.length >= 13 && !luhnValid(digits)))
    refusals.push({
      field: 'number',
      code: 'incorrect_number',
      message: CARD_MESSAGES.incorrectNumber,
    });
  else if (digits.length < 13 || (digits.length < 15 && !/^3[47]/.test(digits)))
    refusals.push({
      field: 'number',
      code: 'incomplete_number',
      message: CARD_MESSAGES.incompleteNumber,
    });

  const expiry = parseExpiry(input.expiry);
  const today = new Date(now);
  if (!expiry)
    refusals.push({
      field: 'expiry',
      code: 'incomplete_expiry',
      message: CARD_MESSAGES.incompleteExpiry,
    });
  else if (expiry.month < 1 || expiry.month > 12)
    refusals.push({
      field: 'expiry',
      code: 'invalid_expiry_month',
      message: CARD_MESSAGES.invalidExpiryMonth,
    });
  else if (expiry.year < today.getUTCFullYear())
    refusals.push({
      field: 'expiry',
      code: 'invalid_expiry_year_past',
      message: CARD_MESSAGES.expiryYearPast,
    });
  else if (expiry.year === today.getUTCFullYear() && expiry.month < today.getUTCMonth() + 1)
    refusals.push({
      field: 'expiry',
      code: 'invalid_expiry_month_past',
      message: CARD_MESSAGES.expiryDatePast,
    });

  const cvcLength = /^3[47]/.test(digits) ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(input.cvc.trim()))
    refusals.push({ field: 'cvc', code: 'incomplete_cvc', message: CARD_MESSAGES.incompleteCvc });
  if (!input.name.trim())
    refusals.push({ field: 'name', code: 'incomplete_name', message: CARD_MESSAGES.nameRequired });
  if (refusals.length > 0) return { ok: false, refusals };

  const known = TEST_CARDS[digits];
  if (!known)
    return {
      ok: false,
      refusals: [
        {
          field: 'number',
          code: 'card_declined',
          declineCode: 'live_mode_test_card',
          message: CARD_MESSAGES.liveCardInTestMode,
        },
      ],
    };
  if (known.outcome === 'refused') return { ok: false, refusals: [known.refusal] };
  return {
    ok: true,
    card: {
      brand: brandOf(digits),
      last4: digits.slice(-4),
      expMonth: expiry!.month,
      expYear: expiry!.year,
      funding: known.funding ?? 'credit',
      country: 'US',
      behaviour: known.behaviour,
    },
  };
}

/** The refusal a charge on an accepted card meets, or null when the charge succeeds. */
export function chargeRefusal(card: Pick<AcceptedCard, 'behaviour'>): CardRefusal | null {
  return card.behaviour === 'charge_declined'
    ? {
        field: 'number',
        code: 'card_declined',
        declineCode: 'generic_decline',
        message: CARD_MESSAGES.declined,
      }
    : null;
}

/** A test card number's behaviour without the form (control routes, tests). */
export function testCardFromNumber(number: string, now: number): AcceptedCard | CardRefusal {
  const year = new Date(now).getUTCFullYear() + 3;
  const result = checkCard(
    { number, expiry: `12 / ${year}`, cvc: /^3[47]/.test(number) ? '1234' : '123', name: 'Test' },
    now,
  );
  return result.ok ? result.card : result.refusals[0]!;
}
