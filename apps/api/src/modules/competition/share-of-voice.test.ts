// Share of voice and gaps as pure functions: hand-computed values, and the invariants the
// report relies on over random results (each share in [0, 1], shares of distinct channels sum
// to at most 1, more slots never lower a share), also over checks shallower than the depth.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countedResults,
  gapCompetitors,
  positionsOf,
  rankGaps,
  shareOfVoice,
  weightsOf,
  type CountedResults,
} from './share-of-voice.ts';

const DEPTH = 20;
const CHANNELS = ['UCown', 'UCa', 'UCb', 'UCc', 'UCd', 'UCe'];

const resultsArb = fc.array(
  fc.record({
    weight: fc.integer({ min: 0, max: 1_000_000 }),
    channelIds: fc.array(fc.constantFrom(...CHANNELS, 'UCother1', 'UCother2'), {
      maxLength: 50,
    }),
    slots: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined }),
  }),
  { maxLength: 30 },
);

describe('weightsOf', () => {
  it('weighs by volume while any keyword has one (unknown = 0), else equally', () => {
    expect(weightsOf([100, null, 20])).toEqual({ weights: [100, 0, 20], equalWeights: false });
    expect(weightsOf([null, null])).toEqual({ weights: [1, 1], equalWeights: true });
    expect(weightsOf([0, null])).toEqual({ weights: [1, 1], equalWeights: true });
    expect(weightsOf([])).toEqual({ weights: [], equalWeights: false });
  });
});

describe('shareOfVoice', () => {
  it('is Σ volume × positions / Σ volume × depth (hand-computed)', () => {
    // k1 (1000): own at 1 and 5, A at 2. k2 (3000): A at 1, 3 and 20; own at 21 (beyond 20).
    const k1 = Array.from({ length: 30 }, () => 'UCx');
    k1[0] = 'UCown';
    k1[4] = 'UCown';
    k1[1] = 'UCa';
    const k2 = Array.from({ length: 30 }, () => 'UCx');
    k2[0] = 'UCa';
    k2[2] = 'UCa';
    k2[19] = 'UCa';
    k2[20] = 'UCown';
    const results: CountedResults[] = [
      { weight: 1000, channelIds: k1 },
      { weight: 3000, channelIds: k2 },
    ];
    const [own, a, b] = shareOfVoice(results, ['UCown', 'UCa', 'UCb'], DEPTH);
    // Own: 1000 × 2 / (4000 × 20) = 0.025. A: (1000 × 1 + 3000 × 3) / 80000 = 0.125.
    expect(own).toEqual({ youtubeId: 'UCown', share: 0.025, positions: 2, keywords: 1 });
    expect(a).toEqual({ youtubeId: 'UCa', share: 0.125, positions: 4, keywords: 2 });
    expect(b).toEqual({ youtubeId: 'UCb', share: 0, positions: 0, keywords: 0 });
  });

  it('leaves out keywords without weight: no share, no positions, no keyword', () => {
    const results: CountedResults[] = [
      { weight: 1000, channelIds: ['UCa', 'UCx'] },
      { weight: 0, channelIds: ['UCb', 'UCa'] },
    ];
    const [a, b] = shareOfVoice(results, ['UCa', 'UCb'], DEPTH);
    expect(a).toEqual({ youtubeId: 'UCa', share: 1 / 20, positions: 1, keywords: 1 });
    expect(b).toEqual({ youtubeId: 'UCb', share: 0, positions: 0, keywords: 0 });
    expect(countedResults(results)).toEqual([results[0]]);
  });

  it('counts a shallower check over its own depth, so a channel holding all of it has 1', () => {
    const ten = Array.from({ length: 10 }, () => 'UCa');
    expect(shareOfVoice([{ weight: 5, channelIds: ten, slots: 10 }], ['UCa'], DEPTH)).toEqual([
      { youtubeId: 'UCa', share: 1, positions: 10, keywords: 1 },
    ]);
    // 10 of 10 slots and 0 of 20, equal weights: 10 / 30. A deeper check counts 20 slots only.
    const deep = Array.from({ length: 30 }, () => 'UCa');
    const results: CountedResults[] = [
      { weight: 1, channelIds: ten, slots: 10 },
      { weight: 1, channelIds: ['UCx'], slots: 20 },
      { weight: 1, channelIds: deep, slots: 30 },
    ];
    expect(shareOfVoice(results, ['UCa'], DEPTH)[0]).toEqual({
      youtubeId: 'UCa',
      share: 30 / 50,
      positions: 30,
      keywords: 2,
    });
  });

  it('is 0 for everyone when nothing is counted', () => {
    expect(shareOfVoice([], ['UCown'], DEPTH)).toEqual([
      { youtubeId: 'UCown', share: 0, positions: 0, keywords: 0 },
    ]);
  });

  it('keeps each share in [0, 1] and their sum at most 1', () => {
    fc.assert(
      fc.property(resultsArb, (results) => {
        const entries = shareOfVoice(results, CHANNELS, DEPTH);
        const counted = countedResults(results);
        const slots = counted.reduce((n, r) => n + Math.min(DEPTH, r.slots ?? DEPTH), 0);
        let sum = 0;
        for (const e of entries) {
          expect(e.share).toBeGreaterThanOrEqual(0);
          expect(e.share).toBeLessThanOrEqual(1);
          expect(e.positions).toBeLessThanOrEqual(slots);
          expect(e.keywords).toBeLessThanOrEqual(counted.length);
          sum += e.share;
        }
        expect(sum).toBeLessThanOrEqual(1 + 1e-9);
      }),
    );
  });

  it('gives 1 to a channel holding every slot the checks read, however deep they read', () => {
    fc.assert(
      fc.property(resultsArb, (results) => {
        const full = results.map((r) => ({
          ...r,
          channelIds: Array.from({ length: r.slots ?? 50 }, () => 'UCown'),
        }));
        const counted = countedResults(full).some((r) => (r.slots ?? DEPTH) > 0);
        expect(shareOfVoice(full, ['UCown'], DEPTH)[0]!.share).toBeCloseTo(counted ? 1 : 0, 9);
      }),
    );
  });

  it("never lowers a channel's share when it takes one more slot from someone else", () => {
    fc.assert(
      fc.property(resultsArb, fc.nat(), fc.nat(DEPTH - 1), (results, which, slot) => {
        fc.pre(results.length > 0);
        const i = which % results.length;
        const before = shareOfVoice(results, ['UCown'], DEPTH)[0]!.share;
        const ids = [...results[i]!.channelIds];
        while (ids.length <= slot) ids.push('UCother1');
        ids[slot] = 'UCown';
        const changed = results.map((r, j) => (j === i ? { ...r, channelIds: ids } : r));
        expect(shareOfVoice(changed, ['UCown'], DEPTH)[0]!.share).toBeGreaterThanOrEqual(before);
      }),
    );
  });
});

describe('gaps', () => {
  it('lists the competitors in the top 20 (best position each, best first) when the channel is not there', () => {
    const ids = ['UCx', 'UCb', 'UCa', 'UCb', ...Array.from({ length: 20 }, () => 'UCx'), 'UCown'];
    expect(positionsOf(ids, 'UCb', DEPTH)).toEqual([2, 4]);
    expect(gapCompetitors(ids, 'UCown', ['UCa', 'UCb', 'UCc'], DEPTH)).toEqual([
      { youtubeId: 'UCb', position: 2 },
      { youtubeId: 'UCa', position: 3 },
    ]);
  });

  it('is no gap when the channel holds a top-20 slot, or no competitor does', () => {
    expect(gapCompetitors(['UCa', 'UCown'], 'UCown', ['UCa'], DEPTH)).toBeNull();
    expect(gapCompetitors(['UCx', 'UCy'], 'UCown', ['UCa'], DEPTH)).toBeNull();
    const late = [...Array.from({ length: 20 }, () => 'UCx'), 'UCa'];
    expect(gapCompetitors(late, 'UCown', ['UCa'], DEPTH)).toBeNull();
  });

  it('orders by volume (unknown last), then best competitor position, at most max', () => {
    const gap = (keyword: string, volume: number | null, position: number) => ({
      keyword,
      language: 'en-us',
      volume,
      competitors: [{ youtubeId: 'UCa', position }],
    });
    const ranked = rankGaps(
      [gap('a', 10, 5), gap('b', null, 1), gap('c', 500, 9), gap('d', 10, 2), gap('e', 0, 1)],
      4,
    );
    expect(ranked.map((g) => g.keyword)).toEqual(['c', 'd', 'a', 'e']);
  });
});
