// The 500-character tag budget, as a property: commas count, and tags with spaces count as quoted.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tagCost, tagsTotalLength } from './tags.ts';

describe('tag budget', () => {
  it('counts the examples of platform-facts.md', () => {
    expect(tagCost('Foo-Baz')).toBe(7);
    expect(tagCost('Foo Baz')).toBe(9);
    expect(tagsTotalLength(['Foo-Baz', 'Foo Baz'])).toBe(7 + 1 + 9);
    expect(tagsTotalLength([])).toBe(0);
  });

  it('equals the length of the comma-joined list with spaced tags quoted', () => {
    const tag = fc.string({
      minLength: 1,
      maxLength: 30,
      unit: fc.constantFrom('a', 'b', 'é', ' ', '-', '1', '😀'),
    });
    fc.assert(
      fc.property(fc.array(tag, { maxLength: 40 }), (tags) => {
        const serialized = tags.map((t) => (/\s/.test(t) ? `"${t}"` : t)).join(',');
        expect(tagsTotalLength(tags)).toBe([...serialized].length);
      }),
    );
  });

  it('is additive: adding a tag adds its cost plus one comma', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 20 }), { minLength: 1, maxLength: 20 }),
        fc.string({ minLength: 1, maxLength: 20 }),
        (tags, extra) => {
          expect(tagsTotalLength([...tags, extra])).toBe(
            tagsTotalLength(tags) + 1 + tagCost(extra),
          );
        },
      ),
    );
  });
});
