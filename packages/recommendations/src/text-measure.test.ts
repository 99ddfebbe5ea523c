import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePointLength, utf8ByteLength, wordCount } from './text-measure.ts';

describe('codePointLength', () => {
  it('counts an emoji as one character', () => {
    expect(codePointLength('a😀é')).toBe(3);
    expect('a😀é'.length).toBe(4);
  });
});

describe('utf8ByteLength', () => {
  it('counts bytes like TextEncoder', () => {
    expect(utf8ByteLength('aé€😀')).toBe(1 + 2 + 3 + 4);
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 50 }), (text) => {
        expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
      }),
    );
  });

  it('counts a lone surrogate as the 3-byte replacement character, like TextEncoder', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 50 }), (text) => {
        expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length);
      }),
    );
  });
});

describe('wordCount', () => {
  it.each([
    ['', 0],
    ['   \n ', 0],
    ['one', 1],
    ['Hello, world!', 2],
    ["Don't stop: a well-known trick", 5],
    ['Crème brûlée über alles', 4],
    ['Visit https://example.com now', 5],
    ['🍞 🍞 bread', 1],
    ['我爱面包', 4],
    ['1,000 views', 3],
  ])('%j has %i words', (text, count) => {
    expect(wordCount(text)).toBe(count);
  });

  it('counts words separated by spaces', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { maxLength: 40 }), (list) => {
        expect(wordCount(list.join(' '))).toBe(list.length);
      }),
    );
  });
});
