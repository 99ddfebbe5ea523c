import { describe, expect, it } from 'vitest';
import { findHashtags } from './hashtags.ts';

describe('findHashtags', () => {
  it.each([
    ['#bread #Baking\n#sourdough_tips', ['#bread', '#Baking', '#sourdough_tips']],
    ['#Bread and #bread again', ['#Bread']],
    ['#pão #面包', ['#pão', '#面包']],
    ['our #1 tip and #2024', []],
    ['#top10 list', ['#top10']],
    ['see https://example.com/#anchor or a#b', []],
    ['(#inparens) not linked', []],
    ['# spaced', []],
    ['', []],
  ])('%j has %j', (text, hashtags) => {
    expect(findHashtags(text)).toEqual(hashtags);
  });
});
