import type { MailMessage } from '../mail/index.ts';
import { escapeHtml } from '../../lib/html.ts';

/** The e-mail telling someone a channel was shared with them. */
export function channelInviteEmail(input: {
  to: string;
  inviter: string;
  channelName: string;
  productName: string;
  appUrl: string;
  /** For people without a password yet: where to set one (valid one hour). */
  setPasswordLink: string | null;
}): MailMessage {
  const { to, inviter, channelName, productName, appUrl, setPasswordLink } = input;
  const subject = `${inviter} shared "${channelName}" with you on ${productName}`;
  const action = setPasswordLink
    ? `Set your password to get started (the link works once, for one hour; after that use "Forgot password"):\n${setPasswordLink}`
    : `Sign in to work on it:\n${appUrl}/login`;
  return {
    to,
    sensitive: setPasswordLink !== null,
    subject,
    text: `${inviter} shared the channel "${channelName}" with you on ${productName}.\n\n${action}\n`,
    html:
      `<p>${escapeHtml(inviter)} shared the channel <strong>${escapeHtml(channelName)}</strong> with you on ${escapeHtml(productName)}.</p>` +
      (setPasswordLink
        ? `<p><a href="${escapeHtml(setPasswordLink)}">Set your password</a> to get started (the link works once, for one hour; after that use "Forgot password").</p>`
        : `<p><a href="${escapeHtml(appUrl)}/login">Sign in</a> to work on it.</p>`),
  };
}
