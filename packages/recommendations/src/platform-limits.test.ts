import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PLATFORM_LIMITS, platformTagsLength } from './platform-limits.ts';

describe('platformTagsLength', () => {
  it('follows YouTube examples', () => {
    expect(platformTagsLength(['Foo-Baz'])).toBe(7);
    expect(platformTagsLength(['Foo Baz'])).toBe(9);
    expect(platformTagsLength(['Foo Baz', 'bar'])).toBe(13);
    expect(platformTagsLength([])).toBe(0);
    expect(platformTagsLength(['😀'])).toBe(1);
  });

  it('equals the length of the comma-joined tags with spaced tags quoted', () => {
    const tag = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 30 }),
      fc
        .array(fc.constantFrom('a', ' ', 'é', '😀', '-', '中'), { maxLength: 30 })
        .map((chars) => chars.join('')),
    );
    fc.assert(
      fc.property(fc.array(tag, { maxLength: 40 }), (tags) => {
        const joined = tags.map((t) => (t.includes(' ') ? `"${t}"` : t)).join(',');
        expect(platformTagsLength(tags)).toBe([...joined].length);
      }),
      { numRuns: 500 },
    );
  });

  it('has the platform limits', () => {
    expect(PLATFORM_LIMITS).toEqual({
      TITLE_MAX_CHARS: 100,
      DESCRIPTION_MAX_BYTES: 5000,
      TAGS_MAX_CHARS: 500,
    });
  });
});
