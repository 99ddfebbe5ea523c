import { z } from 'zod';
import { keywordSource } from './keywords.ts';
import { FOLDER_NAME_MAX_LENGTH, SEED_MAX_LENGTH } from './constants.ts';
import { SCRIPT_MAX_CHARACTERS } from './script-constants.ts';

/** One seed keyword as typed (trimmed, 1–80 characters). */
export const seedKeyword = z.string().trim().min(1).max(SEED_MAX_LENGTH);

/**
 * Body of POST /api/ideas/discover. The seed limit is checked by the server against its
 * setting (default 10), so the schema only bounds the array loosely.
 */
export const discoverBody = z.object({
  channelId: z.string().min(1).max(100),
  seeds: z.array(seedKeyword).min(1).max(100),
  /** Keyword language id (Language.id, e.g. 'en-us'); defaults to the channel's setting. */
  language: z.string().min(2).max(20).optional(),
  /** 1-based page: page 1 holds 11 ideas, every later page 10. */
  page: z.number().int().min(1).max(50).default(1),
  /**
   * The `listId` page 1 answered: later pages come from that very list, so paging never skips
   * or repeats an idea; 409 'ideas-list-expired' once it is gone (IDEA_LIST_SNAPSHOT_HOURS).
   */
  listId: z.string().min(1).max(100).optional(),
});

/** Monthly searches of an idea, oldest first, when the provider has them. */
export const trendPoint = z.object({
  /** First day of the month, YYYY-MM-01. */
  month: z.string(),
  volume: z.number().int().min(0),
});

/** Why an idea scores as it does, in numbers the details page can show. */
export const opportunityFactors = z.object({
  /** 0..1 from the search volume (log scale). */
  demand: z.number().min(0).max(1),
  /** 0..1, high when advertiser competition is low. */
  openness: z.number().min(0).max(1),
  /** 0..1, high when the videos ranking for it are weak (few views) or old. */
  weakTopResults: z.number().min(0).max(1),
});

/** One video idea (a keyword phrase with its figures and opportunity). */
export const idea = z.object({
  /** Stable id of the phrase in its language: `${languageId}:${normalised phrase}`. */
  id: z.string(),
  phrase: z.string(),
  languageId: z.string(),
  /** Estimated monthly searches; null when the provider has no figure. */
  volume: z.number().int().nullable(),
  /** Advertiser competition 0..1; null when unknown. */
  competition: z.number().min(0).max(1).nullable(),
  /** Monthly figures (oldest first) when the provider has them; empty otherwise. */
  trend: z.array(trendPoint),
  /** Change of the last three months against the three before, in percent; null without trend. */
  trendChange: z.number().nullable(),
  /** 0..100 (formula in the API's opportunity module). */
  opportunity: z.number().int().min(0).max(100),
  factors: opportunityFactors,
  /** The reason in one line, e.g. "High demand, weak videos in the top results". */
  reason: z.string(),
  /** Where the idea came from: a related keyword, a question, or a title ranking for a seed. */
  origin: z.enum(['related', 'question', 'ranking']),
  /** The seed it came from. */
  seed: z.string(),
  /** Saved ideas of this channel with this phrase (their ids), so the UI can show "Saved". */
  savedIdeaIds: z.array(z.string()),
});
export type Idea = z.infer<typeof idea>;

export const discoverResponse = z.object({
  /** The list these pages come from; send it with the later pages. */
  listId: z.string(),
  items: z.array(idea),
  page: z.number().int(),
  /** Whether a next page exists. */
  hasMore: z.boolean(),
  /** How many ideas the seeds gave in all (every page, stable order). */
  total: z.number().int(),
  languageId: z.string(),
  source: keywordSource,
});
export type DiscoverResponse = z.infer<typeof discoverResponse>;

/** Query of GET /api/ideas/suggested: ideas seeded from the channel's topics and industries. */
export const suggestedQuery = z.object({ channelId: z.string().min(1).max(100) });
export const suggestedResponse = z.object({
  /** The seeds taken from the channel's settings (empty when it has none). */
  seeds: z.array(z.string()),
  /**
   * The channel's settings name no topics, so its topics were inferred from its synced videos
   * (they lead `seeds`); the UI says so and links to the channel settings to edit them.
   */
  topicsInferred: z.boolean(),
  items: z.array(idea),
  languageId: z.string(),
  source: keywordSource,
});
export type SuggestedResponse = z.infer<typeof suggestedResponse>;

/** A video that ranks for an idea now. */
export const rankingVideo = z.object({
  videoId: z.string(),
  title: z.string(),
  channelTitle: z.string(),
  views: z.number().int().nullable(),
  publishedAt: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  position: z.number().int().min(1),
});

/** Query of GET /api/ideas/details. */
export const ideaDetailsQuery = z.object({
  channelId: z.string().min(1).max(100),
  phrase: seedKeyword,
  language: z.string().min(2).max(20).optional(),
});
export const ideaDetails = z.object({
  idea,
  rankingVideos: z.array(rankingVideo),
  /** A few working titles built from the phrase. */
  titleSuggestions: z.array(z.string()),
  source: keywordSource,
});
export type IdeaDetails = z.infer<typeof ideaDetails>;

/** A folder of saved ideas of a channel. */
export const ideaFolder = z.object({
  id: z.string(),
  name: z.string(),
  /** The channel's default folder ('Your saved ideas'): cannot be renamed or deleted. */
  isDefault: z.boolean(),
  ideaCount: z.number().int(),
  createdAt: z.string(),
});
export type IdeaFolder = z.infer<typeof ideaFolder>;
export const ideaFolders = z.object({ items: z.array(ideaFolder) });
export const channelQuery = z.object({ channelId: z.string().min(1).max(100) });
export const folderBody = z.object({
  channelId: z.string().min(1).max(100),
  name: z.string().trim().min(1).max(FOLDER_NAME_MAX_LENGTH),
});
export const renameFolderBody = z.object({
  name: z.string().trim().min(1).max(FOLDER_NAME_MAX_LENGTH),
});
export const idParams = z.object({ id: z.string().min(1).max(100) });

/** An idea saved into a folder (shared by everyone working on the channel). */
export const savedIdea = z.object({
  id: z.string(),
  folderId: z.string(),
  phrase: z.string(),
  languageId: z.string(),
  volume: z.number().int().nullable(),
  competition: z.number().min(0).max(1).nullable(),
  opportunity: z.number().int().min(0).max(100),
  reason: z.string(),
  savedAt: z.string(),
  savedByName: z.string(),
  /** Whether a script exists, and when it was last saved. */
  scriptUpdatedAt: z.string().nullable(),
});
export type SavedIdea = z.infer<typeof savedIdea>;
export const savedIdeasQuery = z.object({
  channelId: z.string().min(1).max(100),
  /** A folder id; all folders when absent. */
  folder: z.string().max(100).optional(),
});
export const savedIdeas = z.object({ items: z.array(savedIdea) });
export const saveIdeaBody = z.object({
  channelId: z.string().min(1).max(100),
  /** The channel's default folder when absent. */
  folderId: z.string().max(100).optional(),
  phrase: seedKeyword,
  language: z.string().min(2).max(20).optional(),
});
export const moveIdeaBody = z.object({ folderId: z.string().min(1).max(100) });

/** The script of a saved idea: rich text as sanitised HTML, with a revision for conflicts. */
export const videoScript = z.object({
  ideaId: z.string(),
  /** Sanitised HTML (headings, paragraphs, lists, bold, italics). */
  content: z.string(),
  /** 0 before the first save; every save adds 1. */
  revision: z.number().int().min(0),
  updatedAt: z.string().nullable(),
  updatedByName: z.string().nullable(),
});
export type VideoScript = z.infer<typeof videoScript>;
/** Body of PUT /api/ideas/saved/:id/script: the whole content and the revision it was based on. */
export const saveScriptBody = z.object({
  content: z.string().max(SCRIPT_MAX_CHARACTERS),
  baseRevision: z.number().int().min(0).max(2_000_000_000),
});
/** Earlier versions of a script (each save keeps the one it replaced), newest first. */
export const scriptVersions = z.object({ items: z.array(videoScript) });

/** Inbox settings (weekly ideas e-mail) of the signed-in person, per channel. */
export const ideaInboxSettings = z.object({
  items: z.array(
    z.object({
      channelId: z.string(),
      channelName: z.string(),
      weeklyIdeas: z.boolean(),
    }),
  ),
});
export type IdeaInboxSettings = z.infer<typeof ideaInboxSettings>;
export const ideaInboxBody = z.object({
  channelId: z.string().min(1).max(100),
  weeklyIdeas: z.boolean(),
});
/** Body of POST /api/ideas/unsubscribe: the signed token from the e-mail's link. */
export const unsubscribeBody = z.object({ token: z.string().min(10).max(500) });
export const unsubscribeResponse = z.object({
  /** The channel whose weekly e-mail stopped. */
  channelName: z.string(),
});
