/** Test builders of ideation answers (validated with the contract schemas). */
import {
  discoverResponse,
  idea as ideaSchema,
  ideaDetails as ideaDetailsSchema,
  ideaFolder as ideaFolderSchema,
  type DiscoverResponse,
  type Idea,
  type IdeaDetails,
  type IdeaFolder,
} from '@tubewise/contract';

/** The keyword source every fake answer names. */
export const TEST_SOURCE = { name: 'Test Keyword Data', fetchedAt: '2026-03-01T00:00:00.000Z' };

/** An idea `n` for a seed, with a rising trend unless overridden. */
export function buildIdea(n: number, overrides: Partial<Idea> = {}): Idea {
  const phrase = overrides.phrase ?? `idea ${n}`;
  return ideaSchema.parse({
    id: `en-us:${phrase}`,
    phrase,
    languageId: 'en-us',
    volume: 1000 * n,
    competition: 0.2,
    trend: [
      { month: '2025-10-01', volume: 800 },
      { month: '2025-11-01', volume: 900 },
      { month: '2025-12-01', volume: 1000 },
      { month: '2026-01-01', volume: 1200 },
      { month: '2026-02-01', volume: 1300 },
      { month: '2026-03-01', volume: 1400 },
    ],
    trendChange: 40,
    opportunity: 80,
    factors: { demand: 0.7, openness: 0.8, weakTopResults: 0.6 },
    reason: `High demand, weak videos in the top results (${n})`,
    origin: 'related',
    seed: 'bread',
    savedIdeaIds: [],
    ...overrides,
  });
}

/**
 * Page `page` of `total` ideas as the server pages them: 11 on page 1, then 10 per page, in a
 * stable order.
 */
export function buildDiscoverPage(page: number, total: number): DiscoverResponse {
  const start = page === 1 ? 0 : 11 + (page - 2) * 10;
  const end = Math.min(total, page === 1 ? 11 : start + 10);
  const items = Array.from({ length: Math.max(0, end - start) }, (_, i) =>
    buildIdea(start + i + 1),
  );
  return discoverResponse.parse({
    listId: 'list-1',
    items,
    page,
    hasMore: end < total,
    total,
    languageId: 'en-us',
    source: TEST_SOURCE,
  });
}

/** An idea's details with three ranking videos and two titles. */
export function buildIdeaDetails(overrides: Partial<IdeaDetails> = {}): IdeaDetails {
  return ideaDetailsSchema.parse({
    idea: buildIdea(1, { phrase: 'sourdough starter' }),
    rankingVideos: [1, 2, 3].map((n) => ({
      videoId: `v${n}`,
      title: `Ranking video ${n}`,
      channelTitle: `Baker ${n}`,
      views: 12_000 * n,
      publishedAt: '2025-03-01T00:00:00.000Z',
      thumbnailUrl: null,
      position: n,
    })),
    titleSuggestions: ['Sourdough starter for beginners', 'Sourdough starter: 5 mistakes'],
    source: TEST_SOURCE,
    ...overrides,
  });
}

/** A folder (the default one unless overridden). */
export function buildFolder(overrides: Partial<IdeaFolder> = {}): IdeaFolder {
  return ideaFolderSchema.parse({
    id: 'f-default',
    name: 'Your saved ideas',
    isDefault: true,
    ideaCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}
