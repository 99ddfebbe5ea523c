import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvField, csvFileName, csvRecord, toCsv } from './csv.ts';
import { toSafeText } from './text.ts';

/** Reads a document back with a strict RFC 4180 parser (quotes must be well formed). */
function readBack(csv: string): string[][] {
  return parse(csv, { bom: true, record_delimiter: '\r\n', relax_column_count: false });
}

describe('csvField', () => {
  it('leaves plain text and numbers bare', () => {
    expect(csvField('Sourdough bagels')).toBe('Sourdough bagels');
    expect(csvField(1234)).toBe('1234');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(0.5)).toBe('0.5');
    expect(csvField(true)).toBe('true');
  });

  it('writes null, undefined and non-finite numbers as empty cells', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(Number.POSITIVE_INFINITY)).toBe('');
    expect(csvField(new Date('nonsense'))).toBe('');
  });

  it('writes dates in ISO 8601', () => {
    expect(csvField(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe('2026-01-02T03:04:05.000Z');
  });

  it('quotes commas, quotes, CR and LF, doubling quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
    expect(csvField('"')).toBe('""""');
  });

  it('guards text that a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    // Only the first character matters.
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('')).toBe('');
  });

  it('drops NUL and invisible controls and repairs lone surrogates', () => {
    expect(csvField('a\u0000b\u0007c')).toBe('abc');
    expect(csvField('x\uD800y')).toBe('x\uFFFDy');
    // The guard sees the text after the controls are gone.
    expect(csvField('\u0000=1')).toBe("'=1");
  });

  it('keeps every other character, emoji and right-to-left text included', () => {
    expect(csvField('日本語 🎉 مرحبا')).toBe('日本語 🎉 مرحبا');
  });
});

describe('toCsv', () => {
  it('writes a BOM, a header and CRLF-ended records', () => {
    const csv = toCsv(
      ['id', 'title'],
      [
        ['a1', 'One, two'],
        ['b2', null],
      ],
    );
    expect(csv).toBe(`${CSV_BOM}id,title\r\na1,"One, two"\r\nb2,\r\n`);
  });

  it('leaves the BOM out when asked', () => {
    expect(toCsv(['x'], [], { bom: false })).toBe('x\r\n');
  });

  it('reads back cell for cell with a strict parser, whatever the text', () => {
    const cell = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.string({
        unit: fc.constantFrom(',', '"', '\r', '\n', '=', '+', '-', '@', '\t', 'a', ' '),
      }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 2 }), { maxLength: 5 }),
        (rows) => {
          const csv = toCsv(['a', 'b'], rows);
          // Valid UTF-8: encoding and decoding changes nothing; no NUL reaches the file.
          expect(Buffer.from(csv, 'utf8').toString('utf8')).toBe(csv);
          expect(csv).not.toContain('\u0000');
          const expected = rows.map((row) =>
            row.map((text) => {
              const safe = toSafeText(text);
              return /^[=+\-@\t\r]/.test(safe) ? `'${safe}` : safe;
            }),
          );
          expect(readBack(csv)).toEqual([['a', 'b'], ...expected]);
        },
      ),
    );
  });

  it('writes one record per row of an iterable', () => {
    function* rows() {
      yield ['x'];
      yield ['y'];
    }
    expect(toCsv(['h'], rows(), { bom: false })).toBe('h\r\nx\r\ny\r\n');
    expect(csvRecord([1, 'a b'])).toBe('1,a b\r\n');
  });
});

describe('csvFileName', () => {
  it('keeps only safe characters', () => {
    expect(csvFileName('My channel: "needs work" / 2026')).toBe('My-channel-needs-work-2026.csv');
    expect(csvFileName('Café')).toBe('Cafe.csv');
    expect(csvFileName('日本')).toBe('export.csv');
  });
});
