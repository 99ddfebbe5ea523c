// The generated corpus: deterministic from its seed, the demo channels' exact ids, names and sizes,
// weaknesses worth optimising, and fast, lazy generation.
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_CREATOR } from '../accounts.ts';
import { tagsTotalLength } from '../tags.ts';
import type { Corpus } from './corpus.ts';
import { addGeneratedChannel, DEMO_CHANNELS, generateDemoCorpus } from './generate.ts';

const AS_OF = Date.parse('2026-06-01T00:00:00Z');

function fingerprint(corpus: Corpus): string {
  const videos = [...corpus.allVideos()].map(
    (v) => `${v.id}|${v.title}|${v.viewCount}|${v.tags.join(',')}|${v.privacyStatus}`,
  );
  return `${corpus.channels.size}:${videos.length}:${videos.join('\n')}`;
}

describe('demo corpus', () => {
  it('is the same for the same seed and different for another seed', () => {
    const a = fingerprint(generateDemoCorpus({ seed: 'x', asOf: AS_OF }));
    const b = fingerprint(generateDemoCorpus({ seed: 'x', asOf: AS_OF }));
    const c = fingerprint(generateDemoCorpus({ seed: 'y', asOf: AS_OF }));
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });

  it('has the 8 demo channels with their exact ids and names, 20 to 2,000 videos each, owned by account A', () => {
    const corpus = generateDemoCorpus({ seed: 'tubewise', asOf: AS_OF });
    expect(corpus.channelsOwnedBy(DEMO_ACCOUNT_CREATOR.id).map((c) => [c.id, c.title])).toEqual([
      ['UCtw0demo00000000000001', 'Trailside Kitchen'],
      ['UCtw0demo00000000000002', 'Pixel Forge Tutorials'],
      ['UCtw0demo00000000000003', 'Budget Van Life'],
      ['UCtw0demo00000000000004', 'Daily Calm Yoga'],
      ['UCtw0demo00000000000005', 'Garage Science'],
      ['UCtw0demo00000000000006', 'Lena Learns Languages'],
      ['UCtw0demo00000000000007', 'Retro Console Repair'],
      ['UCtw0demo00000000000008', 'Small Garden Big Harvest'],
    ]);
    const sizes = DEMO_CHANNELS.map((c) => corpus.uploads(c.id).length);
    expect(sizes).toEqual(DEMO_CHANNELS.map((c) => c.videoCount));
    expect(Math.min(...sizes)).toBe(20);
    expect(Math.max(...sizes)).toBe(2000);
  });

  it('has realistic variety and weaknesses to optimise', () => {
    const corpus = generateDemoCorpus({ seed: 'tubewise', asOf: AS_OF });
    const videos = DEMO_CHANNELS.flatMap((c) =>
      corpus.uploads(c.id).map((id) => corpus.getVideo(id)!),
    );
    const share = (f: (v: (typeof videos)[number]) => boolean) =>
      videos.filter(f).length / videos.length;
    expect(share((v) => v.durationSeconds <= 60)).toBeGreaterThan(0.05); // Shorts
    expect(share((v) => v.privacyStatus === 'unlisted')).toBeGreaterThan(0.02);
    expect(share((v) => v.privacyStatus === 'private')).toBeGreaterThan(0.02);
    expect(videos.some((v) => v.publishAt && Date.parse(v.publishAt) > AS_OF)).toBe(true);
    expect(share((v) => v.description === '')).toBeGreaterThan(0.03);
    expect(share((v) => v.tags.length === 0)).toBeGreaterThan(0.03);
    expect(videos.some((v) => tagsTotalLength(v.tags) > 500)).toBe(true);
    expect(share((v) => !v.hasCustomThumbnail)).toBeGreaterThan(0.2);
    expect(share((v) => v.title.length < 20)).toBeGreaterThan(0.03);
    expect(share((v) => v.defaultLanguage === undefined)).toBeGreaterThan(0.05);
    expect(videos.some((v) => Object.keys(v.localizations).length > 0)).toBe(true);
    expect(new Set(videos.map((v) => v.categoryId)).size).toBeGreaterThan(3);
    expect(videos.every((v) => /^[A-Za-z0-9_-]{11}$/.test(v.id) && v.title.length <= 100)).toBe(
      true,
    );
    expect(corpus.playlistsOf('UCtw0demo00000000000008').length).toBeGreaterThan(10);
  });

  it('gives the first demo channel long recordings (one captioned) and captioned uploads', () => {
    const corpus = generateDemoCorpus({ seed: 'tubewise', asOf: AS_OF });
    const videos = corpus.uploads(DEMO_CHANNELS[0]!.id).map((id) => corpus.getVideo(id)!);
    const long = videos.filter((v) => v.durationSeconds > 45 * 60);
    expect(long.map((v) => [v.id, v.durationSeconds, v.caption])).toEqual([
      ['BsItm-IfxlD', 5677, false],
      ['8zMxxlF9sj1', 3348, true],
    ]);
    expect(long.every((v) => v.privacyStatus === 'public')).toBe(true);
    const captioned = videos.filter((v) => v.caption && v.privacyStatus === 'public');
    expect(captioned.length).toBeGreaterThan(5);
  });

  it('generates the whole corpus (thousands of videos) in well under a second, lazily', () => {
    const start = performance.now();
    const corpus = generateDemoCorpus({ seed: 'speed', asOf: AS_OF });
    expect(corpus.generatedVideoCount).toBe(0);
    const total = [...corpus.allVideos()].length;
    const elapsed = performance.now() - start;
    expect(total).toBeGreaterThan(10_000);
    expect(corpus.channels.size).toBeGreaterThan(250);
    // Generous bound for noisy machines; typically ~300 ms.
    expect(elapsed).toBeLessThan(3000);
  });

  it('adds a 10,000-video channel on demand', () => {
    const options = { seed: 'bench', asOf: AS_OF };
    const corpus = generateDemoCorpus({ ...options, otherChannels: 0 });
    const channel = addGeneratedChannel(corpus, options, { videoCount: 10_000 });
    const ids = corpus.uploads(channel.id);
    expect(ids).toHaveLength(10_000);
    expect(new Set(ids).size).toBe(10_000);
  });
});
