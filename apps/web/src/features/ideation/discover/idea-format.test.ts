import { describe, expect, it } from 'vitest';
import { sparklinePoints } from './idea-cells.tsx';
import {
  cleanSeeds,
  competitionBand,
  discoverHref,
  ideaDetailsHref,
  opportunityBand,
  parseDiscoverParams,
  trendChangeText,
  trendDirection,
} from './idea-format.ts';

describe('idea formatting', () => {
  it('cleans seeds: trimmed, unique ignoring case, within length and count', () => {
    expect(cleanSeeds([' Bread ', 'bread', '', 'x'.repeat(81), 'cake'])).toEqual(['Bread', 'cake']);
    expect(cleanSeeds(Array.from({ length: 12 }, (_, i) => `s${i}`))).toHaveLength(10);
  });

  it('reads and writes the discover URL', () => {
    expect(discoverHref(['a b', 'c'], 'en-us')).toBe(
      '/video-idea/discover?seed=a+b&seed=c&language=en-us',
    );
    expect(discoverHref([])).toBe('/video-idea/discover');
    expect(parseDiscoverParams(new URLSearchParams('seed=a&seed=A&seed=b&language=de-de'))).toEqual(
      { seeds: ['a', 'b'], language: 'de-de' },
    );
    expect(ideaDetailsHref('how to bake', undefined)).toBe(
      '/video-idea/details?phrase=how+to+bake',
    );
  });

  it('names bands and trend changes', () => {
    expect([opportunityBand(39), opportunityBand(40), opportunityBand(70)]).toEqual([
      'Low',
      'Medium',
      'High',
    ]);
    expect([
      competitionBand(null),
      competitionBand(0.1),
      competitionBand(0.5),
      competitionBand(0.9),
    ]).toEqual(['Unknown', 'Low', 'Medium', 'High']);
    expect([
      trendChangeText(12.4),
      trendChangeText(-8),
      trendChangeText(0.2),
      trendChangeText(null),
    ]).toEqual(['+12%', '−8%', '0%', null]);
    expect([trendDirection(6), trendDirection(-6), trendDirection(3)]).toEqual([
      'Rising',
      'Falling',
      'Steady',
    ]);
  });

  it('scales a sparkline into its box', () => {
    expect(sparklinePoints([0, 10], 64, 20)).toBe('0.0,19.0 64.0,1.0');
    expect(sparklinePoints([5, 5], 64, 20)).toBe('0.0,10.0 64.0,10.0');
    expect(sparklinePoints([5], 64, 20)).toBe('');
  });
});
