import { describe, expect, it } from 'vitest';
import { tipFor } from '../test-support.ts';

describe('thumbnail-custom-hd', () => {
  it.each([
    [{ width: 1280, height: 720 }, true],
    [{ width: 1920, height: 1080 }, true],
    [{ width: 1279, height: 720 }, false],
    [{ width: 1280, height: 719 }, false],
    [{ width: 640, height: 480 }, false],
    [null, false],
  ])('%j passes: %s', (thumbnail, passed) => {
    const tip = tipFor('thumbnail-custom-hd', { thumbnail });
    expect(tip).toMatchObject({ applicable: true, passed, group: 'thumbnail' });
    expect(tip.meta).toMatchObject({ minWidth: 1280, minHeight: 720 });
  });

  it('names the current size', () => {
    expect(
      tipFor('thumbnail-custom-hd', { thumbnail: { width: 640, height: 480 } }).explanation,
    ).toContain('Your largest thumbnail is 640×480');
  });
});
