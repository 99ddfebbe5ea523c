/**
 * The short terms a visitor accepts with their e-mail: what the product does with the e-mail and
 * the data of the onboarding. The only place they are written; the e-mail step names them in its
 * checkbox and shows them in a dialog ("Read the terms").
 */
import {
  INSIGHTS_TTL_DAYS,
  VERIFICATION_CODE_LENGTH,
} from '@tubewise/contract/onboarding-constants';

/** Days an onboarding whose e-mail is never confirmed is kept (the API's daily purge). */
const UNVERIFIED_KEPT_DAYS = 7;

/** The checkbox's label: what is accepted, in one sentence. */
export const termsAcceptLabel = (productName: string) =>
  `I accept the ${productName} terms for these insights: my e-mail is used for the code and the link, and the report is shared only by its link and kept ${INSIGHTS_TTL_DAYS} days.`;

/** The dialog's title. */
export const TERMS_TITLE = 'Terms for your insights';

/** One part of the terms: a heading and its paragraphs. */
export interface TermsSection {
  heading: string;
  paragraphs: readonly string[];
}

/** The terms, part by part. */
export const termsSections = (productName: string): readonly TermsSection[] => [
  {
    heading: 'Your e-mail',
    paragraphs: [
      `${productName} uses your e-mail to send you a ${VERIFICATION_CODE_LENGTH}-digit code and a link that works once, to check that the address is yours.`,
      'We send you no marketing e-mail unless you agree to it separately.',
    ],
  },
  {
    heading: 'Your insights',
    paragraphs: [
      'The report is made from public YouTube data about the channels and keywords you choose.',
      'It is shared only by its link: anyone who has the link can read it, it is listed nowhere, and search engines are asked not to index it. You can stop sharing at any time; then the link stops working for everyone.',
    ],
  },
  {
    heading: 'How long we keep it',
    paragraphs: [
      `The report is kept ${INSIGHTS_TTL_DAYS} days, then deleted.`,
      `If you do not create an account, we forget your e-mail once those ${INSIGHTS_TTL_DAYS} days are over, or after ${UNVERIFIED_KEPT_DAYS} days if you never confirm it. If you create an account, your e-mail stays with your account.`,
    ],
  },
];
