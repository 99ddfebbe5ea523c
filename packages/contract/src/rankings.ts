// Keyword rankings: the keywords a channel tracks (per keyword language) and their changes.
import { z } from 'zod';
import { TRACKED_KEYWORDS_DELETE_MAX, TRACKED_KEYWORDS_PASTE_MAX_LENGTH } from './constants.ts';

/** A keyword a channel tracks in one keyword language. */
export const trackedKeyword = z.object({
  id: z.string(),
  /** Normalised: lower case, single spaces. */
  keyword: z.string(),
  /** The keyword language (locale id, e.g. 'en-us'). */
  language: z.string(),
  addedAt: z.string(),
});
export type TrackedKeyword = z.infer<typeof trackedKeyword>;

/** The channel's tracked keywords, newest first, with the plan's limit. */
export const trackedKeywords = z.object({
  items: z.array(trackedKeyword),
  limit: z.number().int(),
});
export type TrackedKeywords = z.infer<typeof trackedKeywords>;

/** Add keywords: one or many, pasted one per line or comma separated. */
export const addTrackedKeywordsBody = z.object({
  text: z.string().max(TRACKED_KEYWORDS_PASTE_MAX_LENGTH),
  /** The keyword language; the channel's own when absent. */
  language: z.string().min(2).max(20).optional(),
});
export type AddTrackedKeywordsBody = z.infer<typeof addTrackedKeywordsBody>;

/** Why a keyword of an add was not added. */
export const trackedKeywordRefusals = ['duplicate', 'already-tracked', 'too-long'] as const;
export type TrackedKeywordRefusal = (typeof trackedKeywordRefusals)[number];

/** What an add did: the keywords added, and the ones refused with the reason. */
export const addTrackedKeywordsResult = z.object({
  added: z.array(trackedKeyword),
  refused: z.array(z.object({ keyword: z.string(), reason: z.enum(trackedKeywordRefusals) })),
});
export type AddTrackedKeywordsResult = z.infer<typeof addTrackedKeywordsResult>;

/** Delete keywords by id (the answer lists them, so an undo can add them back). */
export const deleteTrackedKeywordsBody = z.object({
  ids: z.array(z.uuid()).min(1).max(TRACKED_KEYWORDS_DELETE_MAX),
});
export const deleteTrackedKeywordsResult = z.object({ deleted: z.array(trackedKeyword) });
