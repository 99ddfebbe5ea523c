import type { MailMessage } from '../mail/index.ts';
import { escapeHtml } from '../../lib/html.ts';

/** "Your export is ready": a link to the account page, where the download needs sign-in. */
export function exportReadyEmail(input: {
  to: string;
  link: string;
  productName: string;
  expiresAt: Date;
}): MailMessage {
  const { to, link, productName } = input;
  const until = input.expiresAt.toUTCString();
  return {
    to,
    subject: `Your ${productName} data export is ready`,
    text: [
      `The export of everything your ${productName} account holds is ready.`,
      '',
      'Download it from your account settings (you will be asked to sign in):',
      link,
      '',
      `The archive is deleted on ${until}.`,
      `If you did not ask for it, change your password: someone signed in to your account.`,
    ].join('\n'),
    html: `<p>The export of everything your ${escapeHtml(productName)} account holds is ready.</p>
<p><a href="${escapeHtml(link)}">Download it from your account settings</a> (you will be asked to sign in).</p>
<p>The archive is deleted on ${escapeHtml(until)}.</p>
<p>If you did not ask for it, change your password: someone signed in to your account.</p>`,
  };
}

/** "Your export could not be made". */
export function exportFailedEmail(input: {
  to: string;
  link: string;
  productName: string;
  reason: string;
}): MailMessage {
  const { to, link, productName, reason } = input;
  return {
    to,
    subject: `Your ${productName} data export could not be prepared`,
    text: [
      `We could not prepare the export of your ${productName} account. ${reason}`,
      '',
      'You can try again from your account settings:',
      link,
    ].join('\n'),
    html: `<p>We could not prepare the export of your ${escapeHtml(productName)} account. ${escapeHtml(reason)}</p>
<p><a href="${escapeHtml(link)}">Try again from your account settings</a>.</p>`,
  };
}

/**
 * The goodbye e-mail after an account was deleted. Its outbox row is deleted as soon as it is
 * delivered, so nothing of the address stays (without SMTP it waits for the outbox's retention).
 */
export function accountDeletedEmail(input: { to: string; productName: string }): MailMessage {
  const { to, productName } = input;
  return {
    to,
    sensitive: true,
    forgetAfterDelivery: true,
    subject: `Your ${productName} account was deleted`,
    text: [
      `Your ${productName} account and its data were deleted, as you asked.`,
      '',
      'Your channels were disconnected and their access to YouTube revoked, your subscription',
      'was cancelled, and every sign-in was ended. Invoices already issued are kept, without',
      'your name or e-mail, because tax law requires us to keep them.',
      '',
      "If you did not ask for this, reply to this e-mail: we can't restore the data, but we",
      'will look into how it happened.',
    ].join('\n'),
    html: `<p>Your ${escapeHtml(productName)} account and its data were deleted, as you asked.</p>
<p>Your channels were disconnected and their access to YouTube revoked, your subscription was cancelled, and every sign-in was ended. Invoices already issued are kept, without your name or e-mail, because tax law requires us to keep them.</p>
<p>If you did not ask for this, reply to this e-mail: we can't restore the data, but we will look into how it happened.</p>`,
  };
}
