/** Fixed texts of the onboarding besides the spec's (those live in the contract). */
import {
  ONBOARDING_COMPETITORS_MAX,
  ONBOARDING_COMPETITORS_MIN,
  ONBOARDING_KEYWORDS_MAX,
  ONBOARDING_KEYWORDS_MIN,
} from '@tubewise/contract/onboarding-constants';

/** The four steps the stepper shows, in order. */
export const STEP_LABELS = ['Competitors', 'Keywords', 'Language', 'E-mail'] as const;

export const COMPETITORS_TOO_FEW_TEXT = `Choose at least ${ONBOARDING_COMPETITORS_MIN} competitor.`;
export const COMPETITORS_FULL_TEXT = `You have chosen the most competitors you can (${ONBOARDING_COMPETITORS_MAX}). Remove one to choose another.`;
export const KEYWORDS_TOO_FEW_TEXT = `Enter at least ${ONBOARDING_KEYWORDS_MIN} keyword.`;
export const KEYWORDS_FULL_TEXT = `You have entered the most keywords you can (${ONBOARDING_KEYWORDS_MAX}). Remove one to add another.`;
export const SAVE_FAILED_TEXT = 'We could not save this step. Please try again.';
export const START_FAILED_TEXT = 'We could not start your onboarding. Please try again.';
export const ONBOARDING_INCOMPLETE_TEXT =
  'Choose your competitors and keywords first, then enter your e-mail.';
export const TERMS_REQUIRED_TEXT = 'Accept the terms to continue.';
export const EMAIL_INVALID_TEXT = 'Enter a valid e-mail address';
export const CODE_FORMAT_TEXT = 'Enter the 6-digit code from the e-mail.';
export const CODE_CHECK_FAILED_TEXT = 'We could not check the code. Please try again.';
export const LINK_INVALID_TEXT =
  'This verification link has expired or was already used. Enter the code from the e-mail, or send a new one.';
export const ACCOUNT_EXISTS_TEXT = 'This e-mail already has an account';
export const ACCOUNT_FAILED_TEXT = 'We could not create your account. Please try again.';
export const LOCALES_FAILED_TEXT = 'We could not load the languages. Please try again.';
export const SUGGESTIONS_FAILED_TEXT = 'We could not load keyword suggestions.';
/** What a resend's answer may say: the API answers the same whether or not a mail went out. */
export const resendAnswerText = (email: string) =>
  `If we can send to ${email}, a new code is on its way. It may take a minute.`;
