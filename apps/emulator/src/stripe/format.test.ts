// Billing periods (anchored, clamped to the month's end), amounts and the invoice PDF.
import { describe, expect, it } from 'vitest';
import { formatAmount, formatShortDate, shiftPeriod } from './format.ts';
import { renderPdf } from './pdf.ts';

const at = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 12) / 1000;

describe('billing periods and formats', () => {
  it('keeps the anchor day, clamped to shorter months', () => {
    const anchor = at(2027, 1, 31);
    expect([1, 2, 3, 13].map((n) => shiftPeriod(anchor, 'month', n))).toEqual([
      at(2027, 2, 28),
      at(2027, 3, 31),
      at(2027, 4, 30),
      at(2028, 2, 29),
    ]);
    expect(shiftPeriod(at(2028, 2, 29), 'year', 1)).toBe(at(2029, 2, 28));
  });

  it('writes amounts in the currency’s units', () => {
    expect(formatAmount(1900, 'usd')).toBe('$19.00');
    expect(formatAmount(500, 'jpy')).toBe('¥500');
    expect(formatAmount(-250, 'eur')).toBe('-€2.50');
    expect(formatShortDate(at(2026, 3, 5))).toBe('05 Mar 2026');
  });

  it('renders a PDF whose cross-reference table points at its objects', () => {
    const pdf = renderPdf([{ text: 'Invoice (€19) \\ ok', x: 50, y: 700, bold: true }], 'Invoice');
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(text).toContain('(Invoice \\(\x8019\\) \\\\ ok) Tj');
    const startxref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) =>
      expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true),
    );
  });
});
