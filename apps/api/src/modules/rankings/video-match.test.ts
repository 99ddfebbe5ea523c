// The video to optimise for a keyword: most of its words in title and tags, then most viewed.
import { describe, expect, it } from 'vitest';
import { bestTitleTagMatch } from './video-match.ts';

const video = (id: string, title: string, tags: string[], views: number | null) => ({
  id,
  title,
  tags,
  views,
});

describe('bestTitleTagMatch', () => {
  it('prefers the most keyword words in title and tags, then the most views', () => {
    const videos = [
      video('a', 'Camping food ideas', [], 9000),
      video('b', 'Dutch oven bread', ['camping'], 100),
      video('c', 'Oven tricks', ['Dutch'], 500),
      video('d', 'Nothing related', [], 1_000_000),
    ];
    expect(bestTitleTagMatch(videos, 'dutch oven camping')).toEqual({
      video: videos[1],
      matched: 3,
    });
    expect(bestTitleTagMatch(videos, 'dutch oven')?.video.id).toBe('c'); // 2 words, more views
    expect(bestTitleTagMatch(videos, 'kayak')).toEqual({ video: videos[3], matched: 0 });
    expect(bestTitleTagMatch([], 'kayak')).toBeNull();
  });

  it('ranks hidden views below any count', () => {
    const videos = [video('a', 'Kayak', [], null), video('b', 'kayak trip', [], 0)];
    expect(bestTitleTagMatch(videos, 'kayak')?.video.id).toBe('b');
  });
});
