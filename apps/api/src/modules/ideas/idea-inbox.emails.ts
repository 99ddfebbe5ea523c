import type { MailMessage } from '../mail/index.ts';
import { escapeHtml } from '../../lib/html.ts';

/** One idea as the weekly e-mail lists it. */
export interface WeeklyIdea {
  phrase: string;
  volume: number | null;
}

/** The weekly e-mail of new video ideas for one channel, with its unsubscribe link. */
export function weeklyIdeasEmail(input: {
  to: string;
  channelName: string;
  productName: string;
  appUrl: string;
  ideas: WeeklyIdea[];
  unsubscribeLink: string;
}): MailMessage {
  const { to, channelName, productName, appUrl, ideas, unsubscribeLink } = input;
  const figure = (idea: WeeklyIdea) =>
    idea.volume === null ? '' : ` (${idea.volume.toLocaleString('en-US')} searches a month)`;
  const discover = `${appUrl}/video-idea/discover`;
  const settings = `${appUrl}/video-idea/settings`;
  return {
    to,
    // The unsubscribe link carries a token that never expires.
    sensitive: true,
    listUnsubscribe: unsubscribeLink,
    subject: `${ideas.length} new video ideas for "${channelName}"`,
    text:
      `New video ideas for your channel "${channelName}" on ${productName}, from its topics:\n\n` +
      ideas.map((idea) => `- ${idea.phrase}${figure(idea)}`).join('\n') +
      `\n\nExplore and save them: ${discover}\n\n` +
      `You get this e-mail every week because you opted in (${settings}).\n` +
      `Unsubscribe from these e-mails for "${channelName}": ${unsubscribeLink}\n`,
    html:
      `<p>New video ideas for your channel <strong>${escapeHtml(channelName)}</strong> on ${escapeHtml(productName)}, from its topics:</p>` +
      `<ul>${ideas.map((idea) => `<li>${escapeHtml(idea.phrase)}${escapeHtml(figure(idea))}</li>`).join('')}</ul>` +
      `<p><a href="${escapeHtml(discover)}">Explore and save them</a>.</p>` +
      `<p style="color:#666;font-size:12px">You get this e-mail every week because you opted in (<a href="${escapeHtml(settings)}">inbox settings</a>). ` +
      `<a href="${escapeHtml(unsubscribeLink)}">Unsubscribe</a> from these e-mails for ${escapeHtml(channelName)}.</p>`,
  };
}
