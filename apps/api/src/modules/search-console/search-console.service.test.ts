// The section's pure helpers: Pacific days, which pages a property covers, the page regex.
import { describe, expect, it } from 'vitest';
import {
  cappedAlternatives,
  exactAlternatives,
  propertyCovers,
  pstDate,
} from './search-console.service.ts';

describe('Search Console helpers', () => {
  it('counts days in PST (UTC−8) whatever the season', () => {
    expect(pstDate(new Date('2026-07-01T07:59:00Z'))).toBe('2026-06-30');
    expect(pstDate(new Date('2026-07-01T08:00:00Z'))).toBe('2026-07-01');
  });

  it('covers every host of a Domain property and the prefix of a URL-prefix one', () => {
    expect(propertyCovers('sc-domain:example.com', 'https://www.example.com/a')).toBe(true);
    expect(propertyCovers('sc-domain:example.com', 'http://example.com/')).toBe(true);
    expect(propertyCovers('sc-domain:example.com', 'https://badexample.com/')).toBe(false);
    expect(propertyCovers('sc-domain:example.com', 'not a url')).toBe(false);
    expect(propertyCovers('https://www.example.com/blog/', 'https://www.example.com/blog/x')).toBe(
      true,
    );
    expect(propertyCovers('https://www.example.com/blog/', 'https://www.example.com/shop')).toBe(
      false,
    );
  });

  it('matches exactly the listed URLs, special characters taken literally', () => {
    const pattern = new RegExp(
      exactAlternatives(['https://a.test/x?y=1', 'https://a.test/(b)+c.d']),
    );
    expect(pattern.test('https://a.test/x?y=1')).toBe(true);
    expect(pattern.test('https://a.test/(b)+c.d')).toBe(true);
    expect(pattern.test('https://a.test/x?y=12')).toBe(false);
    expect(pattern.test('https://aXtest/x?y=1')).toBe(false);
    expect(pattern.test('https://a.test/bbc.d')).toBe(false);
  });

  it('caps the page pattern by dropping the least viewed pages', () => {
    const urls = Array.from({ length: 25 }, (_, i) => `https://a.test/${'p'.repeat(300)}/${i}`);
    const pattern = cappedAlternatives(urls)!;
    expect(pattern.length).toBeLessThanOrEqual(4_000);
    const re = new RegExp(pattern);
    expect(re.test(urls[0]!)).toBe(true);
    expect(re.test(urls[24]!)).toBe(false);
    expect(cappedAlternatives(urls.slice(0, 3))).toBe(exactAlternatives(urls.slice(0, 3)));
    expect(cappedAlternatives(urls, 20)).toBeNull();
    expect(cappedAlternatives([])).toBeNull();
    // Exactly at the limit still fits.
    const two = exactAlternatives(urls.slice(0, 2));
    expect(cappedAlternatives(urls.slice(0, 2), two.length)).toBe(two);
  });
});
