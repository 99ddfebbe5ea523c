import type { MailMessage } from '../mail/index.ts';
import { escapeHtml } from '../../lib/html.ts';

/** The password-reset e-mail. */
export function passwordResetEmail(input: {
  to: string;
  link: string;
  productName: string;
}): MailMessage {
  const { to, link, productName } = input;
  return {
    to,
    sensitive: true,
    subject: `Reset your ${productName} password`,
    text: [
      `Someone asked to reset the password of your ${productName} account.`,
      '',
      `Choose a new password here (the link works once, for one hour):`,
      link,
      '',
      `If it wasn't you, ignore this e-mail: your password stays as it is.`,
    ].join('\n'),
    html: `<p>Someone asked to reset the password of your ${escapeHtml(productName)} account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works once, for one hour).</p>
<p>If it wasn't you, ignore this e-mail: your password stays as it is.</p>`,
  };
}
