import { PAID_PLANS } from '@tubewise/contract/billing-constants';
import type { MailMessage } from '../mail/index.ts';
import { escapeHtml } from '../../lib/html.ts';

/** What the person asked for, as both e-mails show it. */
export interface CustomPlanDetails {
  id: string;
  /** The person's name ('' when they have none). */
  name: string;
  /** The person's account e-mail: where the answer goes. */
  email: string;
  channels: number;
  people: number;
  keywords: number;
  message: string;
  createdAt: Date;
}

const count = (n: number) => n.toLocaleString('en-US');

/** One line of text fit for a header: whitespace (line breaks included) collapsed. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Who asked, for subjects and greetings: the name when there is one, else the address. */
const who = (details: CustomPlanDetails) => oneLine(details.name) || details.email;

/** The numbers asked for, one per line. */
function figures(details: CustomPlanDetails): [string, string][] {
  return [
    ['Channels', count(details.channels)],
    ['People per channel', count(details.people)],
    ['Tracked keywords per channel', count(details.keywords)],
  ];
}

/** The largest plan of the catalogue in one line (what the request goes beyond). */
function largestPlanLine(): string {
  const plan = PAID_PLANS.at(-1)!;
  const { channels, peoplePerChannel, trackedKeywordsPerChannel } = plan.limits;
  return (
    `${plan.name}, the largest plan: ${count(channels)} channels, ${count(peoplePerChannel)} people ` +
    `per channel, ${count(trackedKeywordsPerChannel)} tracked keywords per channel.`
  );
}

/** The person's message as HTML: escaped, its line breaks kept. */
function messageHtml(message: string): string {
  return message
    ? `<p style="white-space:pre-wrap;background:#f6f4fb;padding:12px;border-radius:8px">${escapeHtml(message)}</p>`
    : '<p><em>No message.</em></p>';
}

const figuresHtml = (details: CustomPlanDetails) =>
  `<ul>${figures(details)
    .map(([label, value]) => `<li>${escapeHtml(label)}: <strong>${escapeHtml(value)}</strong></li>`)
    .join('')}</ul>`;

/**
 * The request as the sales team gets it. The outbox has no Reply-To, so the person's address
 * leads the body (with a mailto link): answering means writing to it.
 */
export function customPlanSalesEmail(input: {
  to: string;
  details: CustomPlanDetails;
  productName: string;
}): MailMessage {
  const { to, details, productName } = input;
  const person = details.name.trim()
    ? `${oneLine(details.name)} <${details.email}>`
    : details.email;
  return {
    to,
    subject: `Custom plan request from ${who(details)}`,
    text: [
      `${person} asks for a custom plan on ${productName}.`,
      `Answer them at ${details.email}.`,
      '',
      ...figures(details).map(([label, value]) => `${label}: ${value}`),
      '',
      'Message:',
      details.message || '(no message)',
      '',
      largestPlanLine(),
      `Request ${details.id}, sent ${details.createdAt.toISOString()}.`,
    ].join('\n'),
    html:
      `<p>${escapeHtml(person)} asks for a custom plan on ${escapeHtml(productName)}.</p>` +
      `<p>Answer them at <a href="mailto:${escapeHtml(details.email)}">${escapeHtml(details.email)}</a>.</p>` +
      figuresHtml(details) +
      `<p>Message:</p>${messageHtml(details.message)}` +
      `<p style="color:#666;font-size:12px">${escapeHtml(largestPlanLine())} ` +
      `Request ${escapeHtml(details.id)}, sent ${escapeHtml(details.createdAt.toISOString())}.</p>`,
  };
}

/** The confirmation the person gets: what they sent and where the answer will come. */
export function customPlanConfirmationEmail(input: {
  details: CustomPlanDetails;
  productName: string;
}): MailMessage {
  const { details, productName } = input;
  const greeting = details.name.trim() ? `Hi ${oneLine(details.name)},` : 'Hi,';
  return {
    to: details.email,
    subject: `We received your ${productName} custom plan request`,
    text: [
      greeting,
      '',
      `thank you for asking about a custom ${productName} plan. Our team will answer you at this address (${details.email}).`,
      '',
      'What you asked for:',
      ...figures(details).map(([label, value]) => `${label}: ${value}`),
      '',
      'Your message:',
      details.message || '(no message)',
    ].join('\n'),
    html:
      `<p>${escapeHtml(greeting)}</p>` +
      `<p>thank you for asking about a custom ${escapeHtml(productName)} plan. Our team will answer you at this address (${escapeHtml(details.email)}).</p>` +
      `<p>What you asked for:</p>${figuresHtml(details)}` +
      `<p>Your message:</p>${messageHtml(details.message)}`,
  };
}
