/** Texts of the AI suggestions panel: quota, eligibility, progress and what went into a generation. */
import type { AiGeneration, AiQuota } from '@tubewise/contract';
import { AI_POLL_DELAY_MS } from '@tubewise/contract/ai-constants';
import { hardLimitErrors, type LimitError } from '@tubewise/recommendations';
import { formatNumber } from '../../../lib/format.ts';

/** The panel's heading. */
export const AI_PANEL_TITLE = 'AI suggestions';
/** The button that starts the first generation. */
export const AI_GENERATE_LABEL = 'Generate titles and description';
/** What the panel says while the AI writes. */
export const AI_PENDING_TEXT = `Writing titles and a description… this takes a few seconds; we check every ${AI_POLL_DELAY_MS / 1000} seconds.`;

const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/**
 * When the month's count starts again, in the person's own locale and time zone (the reset is
 * one instant: midnight UTC is the evening before in the Americas), e.g. "December 1, 2026 at
 * 1:00 AM".
 */
export function formatQuotaReset(iso: string, locale?: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
}

/** "12 of 50 generations left this month". */
export function quotaLeftText(quota: AiQuota): string {
  return `${formatNumber(quota.remaining)} of ${plural(quota.limit, 'generation')} left this month`;
}

/** "50 of 50 generations used this month". */
export function quotaUsedText(quota: AiQuota): string {
  return `${formatNumber(quota.used)} of ${plural(quota.limit, 'generation')} used this month`;
}

/** Why no video gets suggestions once the channel's account is read-only (its trial ended). */
export const AI_READ_ONLY_TEXT =
  "This channel's free trial has ended, so AI suggestions are paused until a plan is chosen.";

/** The way out of the month's quota. */
export const AI_QUOTA_UPGRADE_TEXT = 'A bigger plan allows more generations each month.';

/** "45 minutes", "52 minutes 30 seconds". */
export function durationText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0
    ? plural(minutes, 'minute')
    : `${plural(minutes, 'minute')} ${plural(rest, 'second')}`;
}

/** Why a too-long video gets no suggestions. */
export function videoTooLongText(durationSeconds: number | null, maxMinutes: number): string {
  const limit = `AI suggestions are for videos up to ${plural(maxMinutes, 'minute')}`;
  return durationSeconds === null
    ? `This video is too long: ${limit}.`
    : `This video is ${durationText(durationSeconds)} long; ${limit}.`;
}

/** What happened to the captions, as the caption under the suggestions says it. */
export const AI_CAPTIONS_TEXTS: Record<AiGeneration['inputs']['captions'], string> = {
  used: 'its captions',
  none: 'no captions (the video has none)',
  'not-allowed': 'no captions (reading them is not allowed)',
  'over-budget': "no captions (the channel's YouTube quota for them is used up today)",
  failed: 'no captions (they could not be loaded)',
};

/** Who wrote the suggestions and for which search term. */
export function aiAuthorText(generation: Pick<AiGeneration, 'model' | 'searchTerm'>): string {
  const model = generation.model ? `the AI model ${generation.model}` : 'an AI model';
  const term = generation.searchTerm ? ` for “${generation.searchTerm}”` : ' without a search term';
  return `Written by ${model}${term}.`;
}

/** What went into the prompt: the metadata always, and the captions, keywords and videos it had. */
export function aiInputsText(inputs: AiGeneration['inputs']): string {
  return (
    `It read the video's title, description and tags, ${AI_CAPTIONS_TEXTS[inputs.captions]}, ` +
    `${plural(inputs.relatedKeywords, 'related keyword')} and ` +
    `${plural(inputs.rankingVideos, 'video')} ranking for the search term.`
  );
}

/** Why a suggested title cannot be used: the platform's hard limits it breaks (none = usable). */
export function titleLimitErrors(text: string): LimitError[] {
  return hardLimitErrors({ title: text, description: '', tags: [] }).filter(
    (e) => e.field === 'title',
  );
}

/** Why a suggested description cannot be used: the platform's hard limits it breaks. */
export function descriptionLimitErrors(text: string): LimitError[] {
  return hardLimitErrors({ title: 'x', description: text, tags: [] }).filter(
    (e) => e.field === 'description',
  );
}
