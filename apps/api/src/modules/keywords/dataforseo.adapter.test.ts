// The DataForSEO adapter against the emulator's DataForSEO-compatible API, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataForSeoAdapter } from './dataforseo.adapter.ts';
import { KeywordDataError } from './keyword-data.port.ts';
import { startKeywordDataEmulator, type KeywordDataEmulator } from './keywords.testing.ts';

const US_EN = { locationCode: 2840, languageCode: 'en' };

describe('DataForSEO adapter against the emulator', () => {
  let kd: KeywordDataEmulator;
  beforeAll(async () => {
    kd = await startKeywordDataEmulator();
  });
  afterAll(() => kd.close());

  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('expected a KeywordDataError');
      },
      (error: unknown) => {
        expect(error).toBeInstanceOf(KeywordDataError);
        return (error as KeywordDataError).kind;
      },
    );

  it('gets volume, competition (0..1) and CPC for many keywords in one call', async () => {
    kd.emulator.keywordData.reset();
    const figures = await kd.adapter.volumes(['camp cooking', 'dutch oven', 'zzqx unknown'], US_EN);
    expect(figures.map((f) => f.keyword)).toEqual(['camp cooking', 'dutch oven', 'zzqx unknown']);
    for (const f of figures) {
      expect(Number.isInteger(f.volume)).toBe(true);
      expect(f.volume).toBeGreaterThanOrEqual(10);
      expect(f.competition).toBeGreaterThanOrEqual(0);
      expect(f.competition).toBeLessThanOrEqual(1);
      expect(f.cpc).toBeGreaterThan(0);
      // The last 12 complete months, oldest first, as YYYY-MM-01.
      const months = f.monthly!.map((m) => m.month);
      expect(months).toHaveLength(12);
      expect(months).toEqual([...months].sort());
      for (const m of f.monthly!) {
        expect(m.month).toMatch(/^\d{4}-\d{2}-01$/);
        expect(m.volume).toBeGreaterThanOrEqual(10);
      }
    }
    expect(figures[0]!.volume).toBeGreaterThan(figures[2]!.volume!);
    const calls = kd.emulator.keywordData.calls();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      path: '/v3/keywords_data/google_ads/search_volume/live',
      keywords: ['camp cooking', 'dutch oven', 'zzqx unknown'],
      status: 200,
    });
  });

  it('gets suggestions and related keywords with their figures and the seed', async () => {
    const suggestions = await kd.adapter.suggestions('camping', US_EN, 10);
    expect(suggestions.seed).toMatchObject({ keyword: 'camping', volume: expect.any(Number) });
    expect(suggestions.items.length).toBe(10);
    for (const item of suggestions.items) {
      expect(item.keyword).toContain('camping');
      expect(item.monthly).toHaveLength(12);
    }
    const volumes = suggestions.items.map((i) => i.volume!);
    expect(volumes).toEqual([...volumes].sort((a, b) => b - a));

    const related = await kd.adapter.related('dutch oven', US_EN, 20);
    expect(related.seed?.keyword).toBe('dutch oven');
    expect(related.items.length).toBeGreaterThan(0);
    expect(related.items.length).toBeLessThanOrEqual(20);
    expect(related.items.map((i) => i.keyword)).not.toContain('dutch oven');
  });

  it('maps refusals and outages to failure kinds', async () => {
    const wrong = new DataForSeoAdapter({
      baseUrl: kd.baseUrl,
      login: 'tubewise-emulator',
      password: 'wrong',
      name: 'x',
    });
    expect(await failure(wrong.volumes(['camping'], US_EN))).toBe('unauthorized');
    expect(await failure(kd.adapter.volumes(['camping'], { ...US_EN, locationCode: 1 }))).toBe(
      'invalid-request',
    );
    kd.emulator.control.setFailureRate(1);
    try {
      expect(await failure(kd.adapter.volumes(['camping'], US_EN))).toBe('unavailable');
    } finally {
      kd.emulator.control.setFailureRate(0);
    }
    const nowhere = new DataForSeoAdapter({
      baseUrl: 'http://127.0.0.1:9/emulator',
      login: 'a',
      password: 'b',
      name: 'x',
      timeoutMs: 2000,
    });
    expect(await failure(nowhere.volumes(['camping'], US_EN))).toBe('unavailable');
    kd.emulator.control.setLatency(500);
    const slow = new DataForSeoAdapter({
      baseUrl: kd.baseUrl,
      login: 'tubewise-emulator',
      password: 'tubewise-emulator-secret',
      name: 'x',
      timeoutMs: 100,
    });
    try {
      expect(await failure(slow.volumes(['camping'], US_EN))).toBe('unavailable');
    } finally {
      kd.emulator.control.setLatency(0);
    }
  });
});
