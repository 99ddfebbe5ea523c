import {
  VERIFICATION_CODE_TTL_MINUTES,
  VERIFICATION_LINK_TTL_HOURS,
} from '@tubewise/contract/onboarding-constants';
import type { MailMessage } from '../mail/index.ts';
import { escapeHtml } from '../../lib/html.ts';

/**
 * The verification e-mail of an onboarding: the 6-digit code and a link that does the same.
 * Sensitive (both verify the address): its body is erased from the outbox once delivered. The
 * subject carries no code: subjects are logged and kept in the outbox for 30 days. It says
 * nothing about whether the address has an account.
 */
export function verificationEmail(input: {
  to: string;
  code: string;
  link: string;
  productName: string;
}): MailMessage {
  const { to, code, link, productName } = input;
  return {
    to,
    sensitive: true,
    subject: `Verify your e-mail for ${productName}`,
    text: [
      `Your ${productName} verification code is:`,
      '',
      code,
      '',
      `Enter it on the page you came from; it works for ${VERIFICATION_CODE_TTL_MINUTES} minutes.`,
      `Or open this link (it works once, for ${VERIFICATION_LINK_TTL_HOURS} hours):`,
      link,
      '',
      `If you did not ask for it, ignore this e-mail: nothing happens without the code.`,
    ].join('\n'),
    html:
      `<p>Your ${escapeHtml(productName)} verification code is:</p>` +
      `<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(code)}</p>` +
      `<p>Enter it on the page you came from; it works for ${VERIFICATION_CODE_TTL_MINUTES} minutes.</p>` +
      `<p>Or <a href="${escapeHtml(link)}">verify with this link</a> (it works once, for ${VERIFICATION_LINK_TTL_HOURS} hours).</p>` +
      `<p>If you did not ask for it, ignore this e-mail: nothing happens without the code.</p>`,
  };
}
