import { describe, expect, it } from 'vitest';
import { tipFor } from '../test-support.ts';

describe('default-language', () => {
  it.each([
    ['en', true],
    ['pt-BR', true],
    ['', false],
    ['  ', false],
    [null, false],
  ])('%j passes: %s', (defaultLanguage, passed) => {
    expect(tipFor('default-language', { defaultLanguage })).toMatchObject({
      applicable: true,
      passed,
      group: 'other',
    });
  });
});

describe('captions', () => {
  it.each([
    [true, true, true],
    [false, true, false],
    [null, false, false],
  ])('hasCaptions %j: applicable %s, passes %s', (hasCaptions, applicable, passed) => {
    expect(tipFor('captions', { hasCaptions })).toMatchObject({ applicable, passed });
  });
});

describe('in-playlist', () => {
  it.each([
    [1, true, true],
    [3, true, true],
    [0, true, false],
    [null, false, false],
  ])('playlistCount %j: applicable %s, passes %s', (playlistCount, applicable, passed) => {
    const tip = tipFor('in-playlist', { playlistCount });
    expect(tip).toMatchObject({ applicable, passed });
    expect(tip.meta.playlistCount).toBe(playlistCount);
  });

  it('names the number of playlists', () => {
    expect(tipFor('in-playlist', { playlistCount: 3 }).explanation).toContain('in 3 playlists');
  });
});
