// Topics inferred from a channel's videos when its settings name none.
import { describe, expect, it } from 'vitest';
import { inferTopics } from './topic-inference.ts';

describe('inferTopics', () => {
  it('ranks the tags and title phrases most videos share, stop words and duplicates removed', () => {
    const topics = inferTopics(
      [
        {
          title: 'Easy Sourdough Bread for Beginners',
          tags: ['sourdough', 'Bread', 'Baking Channel'],
        },
        { title: 'Sourdough bread: my 10 mistakes', tags: ['sourdough', 'the', 'bread', 'vlog'] },
        { title: 'Bagel recipe (New York style)', tags: ['bagels', 'Baking Channel'] },
        { title: 'The best bagel recipes', tags: ['bagel', 'recipe', '2024'] },
        { title: 'Sourdough Bread Starter', tags: ['Sourdough'] },
      ],
      { exclude: ['baking channel'] },
    );
    expect(topics).toEqual(['sourdough bread', 'bagel recipe']);
  });

  it('keeps one of the overlapping runs of the same titles', () => {
    const videos = [1, 2, 3].map((i) => ({
      title: `My cast iron skillet routine #${i}`,
      tags: ['cast iron skillet'],
    }));
    expect(inferTopics(videos)).toEqual(['cast iron skillet']);
  });

  it.each([
    [
      'a single video',
      [{ title: 'Camping in the rain', tags: ['camping', 'rain'] }],
      ['camping', 'rain'],
    ],
    [
      'nothing shared',
      [
        { title: 'Alpha', tags: ['one'] },
        { title: 'Beta', tags: ['two'] },
      ],
      [],
    ],
    ['no videos', [], []],
    [
      'only stop words and numbers',
      [
        { title: 'The and of', tags: ['the', '2024', 'video'] },
        { title: 'The and of', tags: ['the', '2024', 'video'] },
      ],
      [],
    ],
  ])('gives nothing made up for %s', (_, sources, expected) =>
    expect(inferTopics(sources)).toEqual(expected),
  );
});
