/** AI-written video metadata: eligibility, the month's quota, generations and their feedback. */
import { z } from 'zod';
import {
  AI_FEEDBACK_VALUES,
  AI_GENERATION_STATUSES,
  AI_INELIGIBLE_REASONS,
  AI_TITLES_MAX,
} from './ai-constants.ts';
import { SEARCH_TERM_MAX_LENGTH } from './constants.ts';

/** Why a video cannot get AI-written metadata now; the UI says each in words. */
export const aiIneligibleReason = z.object({
  code: z.enum(AI_INELIGIBLE_REASONS),
  message: z.string(),
});
export type AiIneligibleReason = z.infer<typeof aiIneligibleReason>;

/** The channel's AI generations this month against its limit. */
export const aiQuota = z.object({
  used: z.number().int().min(0),
  limit: z.number().int().min(0),
  remaining: z.number().int().min(0),
  /** True when no generation is left this month. */
  exceeded: z.boolean(),
  /** When the count starts again (the first instant of next month, UTC). */
  resetsAt: z.string(),
});
export type AiQuota = z.infer<typeof aiQuota>;

/** Whether a video may get AI-written metadata, and every condition that fails. */
export const aiEligibility = z.object({
  eligible: z.boolean(),
  reasons: z.array(aiIneligibleReason),
  quota: aiQuota,
  /** The longest video that can get metadata, in minutes (AI_MAX_VIDEO_MINUTES). */
  maxVideoMinutes: z.number().int(),
  /** The video's length in seconds, null when unknown. */
  durationSeconds: z.number().int().nullable(),
});
export type AiEligibility = z.infer<typeof aiEligibility>;

/** Thumbs up, thumbs down, or unset (null). */
export const aiFeedback = z.enum(AI_FEEDBACK_VALUES).nullable();
export type AiFeedback = z.infer<typeof aiFeedback>;

/** One generated text and the person's rating of it. */
export const aiSuggestion = z.object({ text: z.string(), feedback: aiFeedback });
export type AiSuggestion = z.infer<typeof aiSuggestion>;

/** One AI generation for a video: its state, and its titles and description when done. */
export const aiGeneration = z.object({
  id: z.string(),
  videoId: z.string(),
  status: z.enum(AI_GENERATION_STATUSES),
  /** The search term the texts were written for, null when the video had none. */
  searchTerm: z.string().nullable(),
  /** The language the texts are written in. */
  language: z.string().nullable(),
  /** The model that wrote them (its id at the endpoint). */
  model: z.string().nullable(),
  titles: z.array(aiSuggestion).max(AI_TITLES_MAX),
  description: aiSuggestion.nullable(),
  /** What went into the prompt besides the metadata (captions are skipped when not allowed). */
  inputs: z.object({
    captions: z.enum(['used', 'none', 'not-allowed', 'over-budget', 'failed']),
    relatedKeywords: z.number().int().min(0),
    rankingVideos: z.number().int().min(0),
  }),
  /** Why it failed, when it did. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  tokens: z.object({ prompt: z.number().int(), completion: z.number().int() }).nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Who asked for it. */
  requestedBy: z.string().nullable(),
});
export type AiGeneration = z.infer<typeof aiGeneration>;

/** GET …/ai/generations/latest: the video's latest generation, null when it has none. */
export const latestAiGeneration = z.object({ generation: aiGeneration.nullable() });
export type LatestAiGeneration = z.infer<typeof latestAiGeneration>;

/** POST …/ai/generations: the search term to write for (defaults to the video's). */
export const generateAiMetadataBody = z.object({
  searchTerm: z.string().trim().max(SEARCH_TERM_MAX_LENGTH).nullable().optional(),
});

export const aiGenerationParams = z.object({
  id: z.string().min(1).max(100),
  videoId: z.string().min(1).max(100),
  generationId: z.string().min(1).max(100),
});

/** PUT …/feedback: rate one title (by its index) or the description; null unsets. */
export const aiFeedbackBody = z.discriminatedUnion('target', [
  z.object({
    target: z.literal('title'),
    index: z
      .number()
      .int()
      .min(0)
      .max(AI_TITLES_MAX - 1),
    value: aiFeedback,
  }),
  z.object({ target: z.literal('description'), value: aiFeedback }),
]);
export type AiFeedbackBody = z.infer<typeof aiFeedbackBody>;

/** PUT /api/users/me/ai-permission: allow or refuse sending channel data to the AI model. */
export const aiPermissionBody = z.object({ allowed: z.boolean() });
