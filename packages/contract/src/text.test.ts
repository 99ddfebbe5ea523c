import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { findUnsafeText, firstUnsafeCharacter, isSafeText, toSafeText } from './text.ts';

const REFUSED_CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, i) => i).filter((c) => ![0x09, 0x0a, 0x0d].includes(c)),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
].map((c) => String.fromCharCode(c));

/** Any sequence of UTF-16 code units: lone and reversed surrogates included. */
const anyUtf16 = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0xd7f0, max: 0xe010 })))
  .map((units) => String.fromCharCode(...units));

describe('the text rule', () => {
  it('refuses every C0/C1 control except tab, newline and carriage return, and lone surrogates', () => {
    expect(REFUSED_CONTROLS).toHaveLength(29 + 33);
    for (const c of REFUSED_CONTROLS) expect(isSafeText(`a${c}b`), JSON.stringify(c)).toBe(false);
    for (const lone of ['\uD800', 'x\uDBFFy', '\uDC00', 'a\uDFFF', '\uDC00\uD800', '😀'[0]!])
      expect(isSafeText(lone), JSON.stringify(lone)).toBe(false);
    expect(firstUnsafeCharacter('ok\u0000')).toBe('U+0000');
    expect(firstUnsafeCharacter('ok\uDC00')).toBe('U+DC00');
  });

  it('accepts tab, newlines, emoji, BOM, bidi overrides, zero-width and noncharacters', () => {
    for (const s of ['a\tb\nc\r\n', '😀𝔘', '\uFEFF', '\u202Eevil', 'a\u200Bb', '\u2028', '\uFFFF'])
      expect(isSafeText(s), JSON.stringify(s)).toBe(true);
  });

  it('brings any string under the rule, changing nothing else (property)', () => {
    fc.assert(
      fc.property(anyUtf16, (s) => {
        const safe = toSafeText(s);
        expect(isSafeText(safe)).toBe(true);
        expect(toSafeText(safe)).toBe(safe);
        if (isSafeText(s)) expect(safe).toBe(s);
      }),
    );
    expect(toSafeText('a\u0000b\uD800c\u0085\t')).toBe('ab\uFFFDc\t');
  });

  it('names the field of every bad string and key, walking nested arrays and objects', () => {
    const issues = findUnsafeText(
      { title: 'ok', tags: ['fine', 'bad\u0000'], data: { 'k\u0001': 1, nested: ['\uD800'] } },
      'body',
    );
    expect(issues.map((i) => i.path)).toEqual(['body.tags.1', 'body.data', 'body.data.nested.0']);
    expect(issues[0]!.message).toContain('U+0000');
    expect(issues[1]!.message).toMatch(/^A key contains/);
    expect(findUnsafeText(Buffer.from([0, 1, 2]), 'body')).toEqual([]);
    expect(findUnsafeText(Object.assign(Object.create(null), { q: '\u0000' }), 'q')).toHaveLength(
      1,
    );
  });

  it('walks a deeply nested value without exhausting the stack, reporting at most 20 issues', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep, 'body')).toHaveLength(1);
    expect(findUnsafeText(Array(1000).fill('\u0007'), 'body')).toHaveLength(20);
  });
});
