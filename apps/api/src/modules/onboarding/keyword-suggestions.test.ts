// The onboarding's keyword suggestions (pure) and the report's parts: ranking by competitors
// then videos, spellings counted together, chosen keywords left out, at most 20; a competitor's
// rank is its best position, a failed check leaves the keyword empty, and an unknown channel
// never shows the text the visitor sent.
import { describe, expect, it } from 'vitest';
import { competitorInsight, keywordInsight } from './insights-report.ts';
import { KEYWORD_SUGGESTIONS_MAX, suggestKeywords } from './keyword-suggestions.ts';

const video = (videoId: string, title: string, tags: string[] = []) => ({ videoId, title, tags });

describe('suggestKeywords', () => {
  it('ranks by competitors, then videos; counts spellings together; needs two videos', () => {
    const suggestions = suggestKeywords(
      [
        {
          youtubeId: 'UCa',
          videos: [
            video('a1', 'Dutch oven bread for beginners', ['Sourdough Starter', 'dutch oven']),
            video('a2', 'No-knead dutch oven bread', ['sourdough starters']),
            video('a3', 'Campfire chili', ['cast iron']),
          ],
        },
        {
          youtubeId: 'UCb',
          videos: [video('b1', 'The best dutch oven recipes', ['camp cooking'])],
        },
      ],
      [],
    );
    expect(suggestions[0]).toEqual({ keyword: 'dutch oven', videos: 3, competitors: 2 });
    const starter = suggestions.find((s) => s.keyword.startsWith('sourdough'));
    expect(starter).toMatchObject({ videos: 2, competitors: 1 });
    // Used once only: not a suggestion.
    expect(suggestions.map((s) => s.keyword)).not.toContain('cast iron');
    expect(suggestions.map((s) => s.keyword)).not.toContain('camp cooking');
  });

  it('leaves out the chosen keywords in any spelling', () => {
    const competitors = [
      {
        youtubeId: 'UCa',
        videos: [video('1', 'Camp cooking basics'), video('2', 'Camp cooking tricks')],
      },
    ];
    expect(suggestKeywords(competitors, []).map((s) => s.keyword)).toContain('camp cooking');
    expect(suggestKeywords(competitors, ['Camp  Cookings'])).toEqual([]);
  });

  it('answers at most 20, and nothing without videos', () => {
    const videos = Array.from({ length: 60 }, (_, i) =>
      video(String(i), 'x', [`w${Math.floor(i / 2)}a w${Math.floor(i / 2)}b`]),
    );
    expect(suggestKeywords([{ youtubeId: 'UCa', videos }], []).length).toBe(
      KEYWORD_SUGGESTIONS_MAX,
    );
    expect(suggestKeywords([{ youtubeId: 'UCa', videos: [] }], [])).toEqual([]);
  });
});

describe('keywordInsight and competitorInsight', () => {
  const serp = {
    keyword: 'camp cooking',
    market: { locationCode: 2840, languageCode: 'en' },
    checkedAt: '2026-01-01T00:00:00.000Z',
    totalResults: 100,
    videos: Array.from({ length: 14 }, (_, i) => ({
      position: i + 1,
      videoId: `v${i + 1}`,
      title: `Video ${i + 1}`,
      channelId: i === 3 || i === 7 ? 'UCrival' : i === 12 ? 'UCdeep' : `UCother${i}`,
      channelName: 'Channel',
      views: 1000,
      publishedAt: '2025-01-01T00:00:00.000Z',
      thumbnailUrl: null,
      isShort: false,
    })),
  };

  it('keeps the top 10 results, marks competitors, and ranks each by its best position', () => {
    const insight = keywordInsight({
      keyword: 'camp cooking',
      figures: { volume: 1200.4, competition: 0.3 },
      serp,
      competitorIds: ['UCrival', 'UCdeep', 'UCabsent'],
      depth: 50,
      now: new Date('2026-01-02T00:00:00Z'),
    });
    expect(insight.topResults.length).toBe(10);
    expect(insight.topResults.filter((r) => r.isCompetitor).map((r) => r.position)).toEqual([4, 8]);
    expect(insight.competitorRanks).toEqual([
      { youtubeId: 'UCrival', position: 4 },
      { youtubeId: 'UCdeep', position: 13 },
      { youtubeId: 'UCabsent', position: null },
    ]);
    expect(insight.volume).toBe(1200);
    expect(insight.opportunity).toEqual(expect.any(Number));
    expect(insight).toMatchObject({ checkedAt: serp.checkedAt, depth: 50 });
  });

  it('leaves a failed check empty and the opportunity unknown without figures', () => {
    const insight = keywordInsight({
      keyword: 'camp cooking',
      figures: null,
      serp: null,
      competitorIds: ['UCrival'],
      depth: 50,
      now: new Date(),
    });
    expect(insight).toEqual({
      keyword: 'camp cooking',
      volume: null,
      competition: null,
      opportunity: null,
      topResults: [],
      competitorRanks: [{ youtubeId: 'UCrival', position: null }],
      checkedAt: null,
      depth: 0,
    });
  });

  it("names an unavailable competitor by its id, never by the visitor's text", () => {
    const chosen = {
      youtubeId: 'UCgone',
      title: 'Buy cheap pills at evil.example',
      thumbnailUrl: '',
    };
    expect(competitorInsight(chosen, undefined)).toMatchObject({
      youtubeId: 'UCgone',
      title: 'UCgone',
      unavailable: true,
      bestVideos: [],
    });
  });
});
