import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hardLimitErrors, type LimitError } from './hard-limit-errors.ts';

const ok = { title: 'A fine title', description: 'A fine description.', tags: ['bread'] };
const codes = (errors: LimitError[]) => errors.map((error) => `${error.field}:${error.code}`);

describe('hardLimitErrors', () => {
  it('accepts valid metadata, including empty description and tags', () => {
    expect(hardLimitErrors(ok)).toEqual([]);
    expect(hardLimitErrors({ title: 'x', description: '', tags: [] })).toEqual([]);
  });

  it('requires a title that is not blank', () => {
    for (const title of ['', '  \n']) {
      expect(codes(hardLimitErrors({ ...ok, title }))).toEqual(['title:title-required']);
    }
  });

  it('allows 100 characters in the title, counting emoji as one', () => {
    expect(hardLimitErrors({ ...ok, title: '😀'.repeat(100) })).toEqual([]);
    expect(hardLimitErrors({ ...ok, title: 'x'.repeat(101) })).toEqual([
      {
        field: 'title',
        code: 'title-too-long',
        message: 'The title is 101 characters; YouTube allows at most 100.',
      },
    ]);
  });

  it('counts the description in UTF-8 bytes', () => {
    // 1,250 emoji are 1,250 characters but 5,000 bytes: exactly the limit.
    expect(hardLimitErrors({ ...ok, description: '😀'.repeat(1250) })).toEqual([]);
    const errors = hardLimitErrors({ ...ok, description: `${'😀'.repeat(1250)}a` });
    expect(errors).toEqual([
      {
        field: 'description',
        code: 'description-too-long',
        message:
          'The description is 5,001 bytes; YouTube allows at most 5,000. Emoji and accented letters take 2 to 4 bytes each.',
      },
    ]);
    expect(hardLimitErrors({ ...ok, description: 'a'.repeat(5001) })[0]?.message).toBe(
      'The description is 5,001 bytes; YouTube allows at most 5,000.',
    );
  });

  it('limits tags to 500 characters by the platform rule', () => {
    const tags = Array.from({ length: 10 }, () => 'x'.repeat(49));
    expect(hardLimitErrors({ ...ok, tags })).toEqual([]);
    expect(codes(hardLimitErrors({ ...ok, tags: [...tags, 'y'] }))).toEqual(['tags:tags-too-long']);
    expect(hardLimitErrors({ ...ok, tags: [...tags, 'y'] })[0]?.message).toContain(
      'The tags take 501 characters; YouTube allows at most 500',
    );
  });

  it('refuses angle brackets in the title, the description and any tag', () => {
    expect(codes(hardLimitErrors({ ...ok, title: 'a <b> title' }))).toEqual([
      'title:angle-brackets',
    ]);
    expect(codes(hardLimitErrors({ ...ok, description: '1 > 0' }))).toEqual([
      'description:angle-brackets',
    ]);
    const errors = hardLimitErrors({ ...ok, tags: ['bread', 'a<b'] });
    expect(errors).toEqual([
      {
        field: 'tags',
        code: 'angle-brackets',
        message: 'The tag "a<b" contains "<" or ">"; YouTube does not allow these characters.',
      },
    ]);
  });

  it('refuses empty tags', () => {
    expect(codes(hardLimitErrors({ ...ok, tags: ['bread', ' '] }))).toEqual(['tags:tag-empty']);
    expect(hardLimitErrors({ ...ok, tags: ['', ''] })[0]?.message).toBe(
      '2 tags are empty; remove them or type a tag.',
    );
  });

  it('is empty exactly when every limit holds', () => {
    const char = fc.constantFrom('a', ' ', 'é', '€', '😀', '中', '<', '>', '\n');
    const textAround = (min: number, max: number) =>
      fc
        .integer({ min, max })
        .chain((length) => fc.array(char, { minLength: length, maxLength: length }))
        .map((chars) => chars.join(''));
    const safeChar = fc.constantFrom('a', 'é', '😀', '中', ' ');
    const title = fc.oneof(
      fc.constantFrom('', '   '),
      textAround(0, 10),
      // Around the 100-character limit, mostly without brackets so length errors show alone.
      fc
        .integer({ min: 95, max: 105 })
        .chain((length) => fc.array(safeChar, { minLength: length, maxLength: length }))
        .map((chars) => chars.join('')),
      fc.string({ unit: 'grapheme', maxLength: 110 }),
    );
    // Around 5,000 bytes with a mix of 1-, 2- and 4-byte characters.
    const description = fc.oneof(
      fc
        .record({
          bytes: fc.integer({ min: 4990, max: 5010 }),
          emoji: fc.integer({ min: 0, max: 30 }),
          accented: fc.integer({ min: 0, max: 30 }),
          bracket: fc.boolean(),
        })
        .map(
          ({ bytes, emoji, accented, bracket }) =>
            '😀'.repeat(emoji) +
            'é'.repeat(accented) +
            (bracket ? '<' : '') +
            'a'.repeat(Math.max(0, bytes - 4 * emoji - 2 * accented - (bracket ? 1 : 0))),
        ),
      textAround(0, 50),
    );
    const tag = fc.oneof(
      { weight: 20, arbitrary: fc.stringMatching(/^[a-z]{1,8}( [a-z]{1,8}){0,3}$/) },
      { weight: 1, arbitrary: fc.constantFrom('', ' ', 'x<y', 'a>b', '😀 emoji', 'é') },
    );
    const tags = fc.array(tag, { maxLength: 60 });

    fc.assert(
      fc.property(title, description, tags, (t, d, g) => {
        const joinedTags = g.map((x) => (x.includes(' ') ? `"${x}"` : x)).join(',');
        const allHold =
          t.trim() !== '' &&
          [...t].length <= 100 &&
          new TextEncoder().encode(d).length <= 5000 &&
          [...joinedTags].length <= 500 &&
          !/[<>]/.test(t + d + g.join('')) &&
          g.every((x) => x.trim() !== '');
        expect(hardLimitErrors({ title: t, description: d, tags: g }).length === 0).toBe(allHold);
      }),
      { numRuns: 2000 },
    );
  });
});
