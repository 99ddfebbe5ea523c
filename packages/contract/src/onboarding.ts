/** Public onboarding (competitors, keywords, e-mail verification) and shared insights. */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import {
  ONBOARDING_COMPETITORS_MAX,
  ONBOARDING_KEYWORD_MAX_LENGTH,
  ONBOARDING_KEYWORDS_MAX,
  VERIFICATION_CODE_LENGTH,
} from './onboarding-constants.ts';

const email = z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH).pipe(z.email());

/** The browser session's id (sessionStorage, made once per browser session): binds the calls. */
export const onboardingSessionId = z.uuid();

/** A platform channel id as the public channel search gives it. */
export const youtubeChannelId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a channel id.');

/** A competitor the visitor chose (from the public channel search). */
export const onboardingCompetitor = z.object({
  youtubeId: youtubeChannelId,
  title: z.string().trim().min(1).max(200),
  thumbnailUrl: z.string().max(2000),
});
export type OnboardingCompetitor = z.infer<typeof onboardingCompetitor>;

const keyword = z.string().trim().min(1).max(ONBOARDING_KEYWORD_MAX_LENGTH);
const localeId = z.string().min(2).max(20);
/** The onboarding's owner token (given back once the e-mail is verified). */
const ownerToken = z.string().min(1).max(200);

/** Where an onboarding's insights report is. */
export const INSIGHTS_STATES = ['pending', 'ready', 'failed'] as const;

/** The onboarding's report as its owner sees it. */
export const onboardingInsightsRef = z.object({
  /** The shared page's id (/share/insights/{id}): 128 random bits, base64url. */
  id: z.string(),
  status: z.enum(INSIGHTS_STATES),
  createdAt: z.string(),
  expiresAt: z.string(),
  revoked: z.boolean(),
});

/**
 * An onboarding (spec section 3). `onboarded` is true once the e-mail is verified; `token` is
 * the owner token, present only in the answer that issues it (a validation), null elsewhere.
 */
export const onboarding = z.object({
  id: z.string(),
  email: z.string().nullable(),
  onboarded: z.boolean(),
  /** When the visitor accepted the terms (with the e-mail step). */
  tosTimestamp: z.string().nullable(),
  competitors: z.array(onboardingCompetitor),
  keywords: z.array(z.string()),
  token: z.string().nullable(),
  /** Keyword language id, e.g. 'en-us'. */
  locale: z.string(),
  sessionId: z.string(),
  /** While a code is out: when it stops working. */
  codeExpiresAt: z.string().nullable(),
  /** When another code may be sent. */
  resendAvailableAt: z.string().nullable(),
  insights: onboardingInsightsRef.nullable(),
  /** An account was created from this onboarding (then "Create my account" is done). */
  accountCreated: z.boolean(),
});
export type Onboarding = z.infer<typeof onboarding>;

/** POST /api/public/onboarding/new. */
export const newOnboardingBody = z.object({
  sessionId: onboardingSessionId,
  locale: localeId.optional(),
});

export const onboardingParams = z.object({ id: z.uuid() });
export const onboardingQuery = z.object({ sessionId: onboardingSessionId });

/**
 * PATCH /api/public/onboarding/{id}: saves a step. `email` with `tosAccepted` sends the code (the
 * competitors and keywords must be there). After verification, changes need the owner `token`
 * and make the report again.
 */
export const updateOnboardingBody = z.object({
  sessionId: onboardingSessionId,
  competitors: z.array(onboardingCompetitor).max(ONBOARDING_COMPETITORS_MAX).optional(),
  keywords: z.array(keyword).max(ONBOARDING_KEYWORDS_MAX).optional(),
  locale: localeId.optional(),
  email: email.optional(),
  tosAccepted: z.literal(true).optional(),
  token: ownerToken.optional(),
});
export type UpdateOnboardingBody = z.infer<typeof updateOnboardingBody>;

/** POST …/validate-email-code. */
export const validateEmailCodeBody = z.object({
  email,
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^[0-9]{${VERIFICATION_CODE_LENGTH}}$`), 'Enter the 6-digit code.'),
  sessionId: onboardingSessionId,
});

/** Why a code gave no token. */
export const CODE_REFUSALS = ['wrong-code', 'expired', 'attempts-exhausted'] as const;

/** A code's validation: the owner token, or none ('Invalid validation code') and why. */
export const validateEmailCodeResponse = z.object({
  token: z.string().nullable(),
  onboarding: onboarding.nullable(),
  reason: z.enum(CODE_REFUSALS).nullable(),
  /** Tries left on the current code (when no token came back). */
  attemptsLeft: z.number().int().min(0).nullable(),
});

/** POST …/validate-email-token: the e-mailed link's token. */
export const validateEmailTokenBody = z.object({
  token: z.string().min(1).max(200),
  sessionId: onboardingSessionId,
});

/**
 * The link's validation: with the e-mail, the onboarding (now bound to this browser session) and
 * its owner token when the link is valid; empty when it is not (expired, used or unknown).
 */
export const validateEmailTokenResponse = z.object({
  email: z.string().optional(),
  token: z.string().optional(),
  onboarding: onboarding.optional(),
});

/** POST …/renew-validate-email-code: sends a new code (and link). */
export const renewValidateEmailCodeBody = z.object({
  email,
  sessionId: onboardingSessionId,
  /** How the code is sent; only e-mail exists. */
  channel: z.literal('email').default('email'),
});

/** Always the same answer, whether or not anything was sent (no e-mail is revealed). */
export const renewValidateEmailCodeResponse = z.object({
  resendAvailableAt: z.string(),
});

/** Keyword suggestions from the chosen competitors' videos. */
export const onboardingKeywordSuggestions = z.object({
  suggestions: z.array(
    z.object({
      keyword: z.string(),
      /** How many of the competitors' recent videos use it (tags and titles). */
      videos: z.number().int().min(0),
      /** How many of the competitors use it. */
      competitors: z.number().int().min(0),
    }),
  ),
});

/** POST /api/public/onboarding/{id}/account: "Create my account" from a verified onboarding. */
export const createOnboardingAccountBody = z.object({
  sessionId: onboardingSessionId,
  token: ownerToken,
  name: z.string().trim().max(100).optional(),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`),
});

// Shared insights

/** One of a keyword's top results. */
export const insightsResult = z.object({
  position: z.number().int().min(1),
  videoId: z.string(),
  title: z.string(),
  channelId: z.string(),
  channelTitle: z.string(),
  views: z.number().nullable(),
  publishedAt: z.string().nullable(),
  /** The channel is one of the report's competitors. */
  isCompetitor: z.boolean(),
});

/** One keyword of the report. */
export const insightsKeyword = z.object({
  keyword: z.string(),
  /** Monthly searches (keyword data); null when unknown. */
  volume: z.number().int().nullable(),
  /** 0–1 (keyword data); null when unknown. */
  competition: z.number().nullable(),
  /** 0–100, as the ideas' opportunity; null without figures. */
  opportunity: z.number().int().nullable(),
  topResults: z.array(insightsResult),
  /** Each competitor's best position within the checked results; null: not there. */
  competitorRanks: z.array(
    z.object({ youtubeId: z.string(), position: z.number().int().nullable() }),
  ),
  /** When the results were read; null when the check failed. */
  checkedAt: z.string().nullable(),
  /** How many results the check read. */
  depth: z.number().int(),
});

/** One competitor of the report. */
export const insightsCompetitor = z.object({
  youtubeId: z.string(),
  title: z.string(),
  thumbnailUrl: z.string(),
  subscriberCount: z.number().nullable(),
  videoCount: z.number().nullable(),
  bestVideos: z.array(
    z.object({
      videoId: z.string(),
      title: z.string(),
      thumbnailUrl: z.string(),
      views: z.number().nullable(),
      publishedAt: z.string().nullable(),
    }),
  ),
  /** The platform could not be read for this channel. */
  unavailable: z.boolean(),
});

/** The insights report: no personal data of the visitor. */
export const insightsReport = z.object({
  locale: z.string(),
  localeName: z.string(),
  generatedAt: z.string(),
  keywords: z.array(insightsKeyword),
  competitors: z.array(insightsCompetitor),
  /** Where the figures come from, said on the page. */
  sources: z.object({ keywordData: z.string(), results: z.string() }),
});
export type InsightsReport = z.infer<typeof insightsReport>;

export const insightsParams = z.object({
  id: z
    .string()
    .min(16)
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not an insights id.'),
});

/** GET /api/public/insights/{id}. */
export const sharedInsights = z.object({
  id: z.string(),
  status: z.enum(INSIGHTS_STATES),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Keywords done of all, while the report is being made. */
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  report: insightsReport.nullable(),
});
export type SharedInsights = z.infer<typeof sharedInsights>;

/** POST /api/public/insights/{id}/revoke: the owner stops sharing. */
export const revokeInsightsBody = z.object({ token: ownerToken });
