import type { MailMessage } from '../mail/index.ts';
import { escapeHtml } from '../../lib/html.ts';

/** What both trial e-mails say about the account. */
interface TrialMailInput {
  to: string;
  name: string;
  productName: string;
  /** Where the person chooses a plan. */
  plansUrl: string;
  trialEndsAt: Date;
}

const day = (at: Date) =>
  at.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' }) + ' (UTC)';
const greeting = (name: string) => (name ? `Hi ${name},` : 'Hi,');

/** Three days before the trial ends. */
export function trialEndingEmail(input: TrialMailInput): MailMessage {
  const { to, name, productName, plansUrl, trialEndsAt } = input;
  return {
    to,
    subject: `Your ${productName} trial ends on ${day(trialEndsAt)}`,
    text: [
      greeting(name),
      '',
      `Your free ${productName} trial ends on ${day(trialEndsAt)}.`,
      'Choose a plan to keep publishing, AI suggestions and daily rank checks going:',
      plansUrl,
      '',
      'Without a plan your account becomes read-only: your lists, reports and data stay,',
      'nothing is deleted.',
    ].join('\n'),
    html: `<p>${escapeHtml(greeting(name))}</p>
<p>Your free ${escapeHtml(productName)} trial ends on <strong>${escapeHtml(day(trialEndsAt))}</strong>.</p>
<p><a href="${escapeHtml(plansUrl)}">Choose a plan</a> to keep publishing, AI suggestions and daily rank checks going.</p>
<p>Without a plan your account becomes read-only: your lists, reports and data stay, nothing is deleted.</p>`,
  };
}

/** When the trial has ended without a subscription. */
export function trialEndedEmail(input: TrialMailInput): MailMessage {
  const { to, name, productName, plansUrl } = input;
  return {
    to,
    subject: `Your ${productName} trial has ended`,
    text: [
      greeting(name),
      '',
      `Your free ${productName} trial has ended. Publishing, AI suggestions and rank checks are`,
      'paused until you choose a plan. Your lists, reports and data are kept.',
      '',
      'Choose a plan:',
      plansUrl,
    ].join('\n'),
    html: `<p>${escapeHtml(greeting(name))}</p>
<p>Your free ${escapeHtml(productName)} trial has ended. Publishing, AI suggestions and rank checks are paused until you choose a plan. Your lists, reports and data are kept.</p>
<p><a href="${escapeHtml(plansUrl)}">Choose a plan</a></p>`,
  };
}
