import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  opportunityReason,
  scoreOpportunity,
  trendChange,
  type OpportunityInput,
  type TopResultFigures,
} from './opportunity.ts';

const NOW = new Date('2026-06-15T00:00:00Z');
const DAY = 86_400_000;

const volume = fc.option(fc.integer({ min: 0, max: 50_000_000 }), { nil: null });
const competition = fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null });
const result = fc.record({
  views: fc.option(fc.integer({ min: 0, max: 5_000_000_000 }), { nil: null }),
  publishedAt: fc.option(
    fc.integer({ min: 0, max: 20 * 365 }).map((days) => new Date(NOW.getTime() - days * DAY)),
    { nil: null },
  ),
});
const results = fc.option(
  fc.array(result, { maxLength: 20 }).map((list) =>
    list.map((r): TopResultFigures => ({
      views: r.views,
      publishedAt: r.publishedAt ? r.publishedAt.toISOString() : null,
    })),
  ),
  { nil: null },
);
const input = fc
  .record({ volume, competition, topResults: results })
  .map((i): OpportunityInput => ({ ...i, now: NOW }));
const score = (i: OpportunityInput) => scoreOpportunity(i).opportunity;

describe('scoreOpportunity', () => {
  it('is an integer from 0 to 100 with factors in 0..1', () => {
    fc.assert(
      fc.property(input, (i) => {
        const o = scoreOpportunity(i);
        expect(Number.isInteger(o.opportunity)).toBe(true);
        expect(o.opportunity).toBeGreaterThanOrEqual(0);
        expect(o.opportunity).toBeLessThanOrEqual(100);
        for (const f of [o.demand, o.openness, o.weakTopResults]) {
          expect(f).toBeGreaterThanOrEqual(0);
          expect(f).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it('never falls when the volume rises, all else equal', () => {
    fc.assert(
      fc.property(input, fc.integer({ min: 0, max: 10_000_000 }), (i, more) => {
        const higher = { ...i, volume: (i.volume ?? 0) + more };
        expect(score(higher)).toBeGreaterThanOrEqual(score(i));
      }),
    );
  });

  it('never falls when competition drops, all else equal', () => {
    fc.assert(
      fc.property(input, fc.double({ min: 0, max: 1, noNaN: true }), (i, a) => {
        const c = i.competition ?? 1;
        const lower = { ...i, competition: Math.min(c, a) };
        expect(score(lower)).toBeGreaterThanOrEqual(score({ ...i, competition: c }));
      }),
    );
  });

  it('never falls when a top video has fewer views or is older', () => {
    fc.assert(
      fc.property(
        input,
        fc.nat(),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 5000 }),
        (i, pick, fewer, olderDays) => {
          const top = i.topResults;
          if (!top || top.length === 0) return;
          const k = pick % top.length;
          const known: TopResultFigures = {
            views: top[k]!.views ?? fewer,
            publishedAt: top[k]!.publishedAt ?? NOW.toISOString(),
          };
          const base = { ...i, topResults: top.map((r, j) => (j === k ? known : r)) };
          const weaker: TopResultFigures = {
            views: Math.max(0, known.views! - fewer),
            publishedAt: new Date(Date.parse(known.publishedAt!) - olderDays * DAY).toISOString(),
          };
          const changed = { ...i, topResults: top.map((r, j) => (j === k ? weaker : r)) };
          expect(score(changed)).toBeGreaterThanOrEqual(score(base));
        },
      ),
    );
  });

  it('follows the formula on known figures', () => {
    // demand = log10(10001)/5 ≈ 0.8, openness = 0.8, weak top results: one video of
    // 999 views (weak = 1 − 3/7) published 1095 days ago (old = 1) → 0.6·4/7 + 0.4 = 0.743.
    const o = scoreOpportunity({
      volume: 10_000,
      competition: 0.2,
      topResults: [{ views: 999, publishedAt: new Date(NOW.getTime() - 1095 * DAY).toISOString() }],
      now: NOW,
    });
    expect(o.demand).toBeCloseTo(0.8, 4);
    expect(o.openness).toBeCloseTo(0.8, 6);
    expect(o.weakTopResults).toBeCloseTo(0.6 * (4 / 7) + 0.4, 6);
    expect(o.opportunity).toBe(Math.round(100 * (0.45 * 0.8 + 0.3 * 0.8 + 0.25 * 0.742857)));
    expect(
      scoreOpportunity({ volume: null, competition: null, topResults: null, now: NOW }),
    ).toEqual({ demand: 0, openness: 0.5, weakTopResults: 0.5, opportunity: 28 });
    expect(
      scoreOpportunity({ volume: 0, competition: 0, topResults: [], now: NOW }).opportunity,
    ).toBe(55);
  });
});

describe('opportunityReason', () => {
  it('names the strong and weak sides in one line', () => {
    const o = scoreOpportunity({
      volume: 50_000,
      competition: 0.1,
      topResults: [{ views: 100, publishedAt: '2019-01-01T00:00:00Z' }],
      now: NOW,
    });
    const all = { volume: true, competition: true, topResults: true };
    expect(opportunityReason(o, all)).toBe(
      'High demand, low competition, weak or old videos in the top results',
    );
    const strong = scoreOpportunity({
      volume: 20,
      competition: 0.9,
      topResults: [{ views: 50_000_000, publishedAt: NOW.toISOString() }],
      now: NOW,
    });
    expect(opportunityReason(strong, all)).toBe(
      'Low demand, high competition, strong, recent videos in the top results',
    );
    expect(opportunityReason(o, { volume: false, competition: false, topResults: false })).toBe(
      'No search volume figure yet, competition unknown',
    );
    expect(opportunityReason(o, all)).not.toContain('\n');
  });
});

describe('trendChange', () => {
  const months = (volumes: number[]) =>
    volumes.map((volume, i) => ({ month: `2025-${String(i + 1).padStart(2, '0')}-01`, volume }));
  it('compares the last three months with the three before', () => {
    expect(trendChange(months([1, 1, 100, 100, 100, 150, 150, 150]))).toBe(50);
    expect(trendChange(months([200, 200, 200, 100, 100, 100]))).toBe(-50);
    expect(trendChange(months([100, 100, 100, 100, 100]))).toBeNull();
    expect(trendChange(months([0, 0, 0, 10, 10, 10]))).toBeNull();
  });
});
