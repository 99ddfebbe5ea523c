import { describe, expect, it } from 'vitest';
import { buildAiGeneration, buildAiQuota } from '../../../testing/data.ts';
import {
  aiAuthorText,
  aiInputsText,
  descriptionLimitErrors,
  formatQuotaReset,
  quotaLeftText,
  quotaUsedText,
  titleLimitErrors,
  videoTooLongText,
} from './ai-texts.ts';

describe('AI suggestion texts', () => {
  it('says the quota left and used', () => {
    expect(quotaLeftText(buildAiQuota({ used: 38, limit: 50 }))).toBe(
      '12 of 50 generations left this month',
    );
    expect(quotaUsedText(buildAiQuota({ used: 50, limit: 50 }))).toBe(
      '50 of 50 generations used this month',
    );
    expect(quotaLeftText(buildAiQuota({ used: 0, limit: 1 }))).toBe(
      '1 of 1 generation left this month',
    );
  });

  it("formats the quota reset in the person's locale and time zone", () => {
    const reset = '2026-12-01T00:00:00.000Z';
    expect(formatQuotaReset(reset, 'en-US', 'UTC')).toBe('December 1, 2026 at 12:00 AM');
    expect(formatQuotaReset(reset, 'de-DE', 'UTC')).toBe('1. Dezember 2026 um 00:00');
    // The same instant is still November in New York.
    expect(formatQuotaReset(reset, 'en-US', 'America/New_York')).toBe(
      'November 30, 2026 at 7:00 PM',
    );
  });

  it('says how long a too-long video is', () => {
    expect(videoTooLongText(3150, 45)).toBe(
      'This video is 52 minutes 30 seconds long; AI suggestions are for videos up to 45 minutes.',
    );
    expect(videoTooLongText(3600, 45)).toBe(
      'This video is 60 minutes long; AI suggestions are for videos up to 45 minutes.',
    );
    expect(videoTooLongText(null, 45)).toBe(
      'This video is too long: AI suggestions are for videos up to 45 minutes.',
    );
  });

  it('says who wrote the suggestions and from what, honestly', () => {
    const generation = buildAiGeneration({
      model: 'gpt-test',
      searchTerm: 'sourdough bread',
      inputs: { captions: 'not-allowed', relatedKeywords: 1, rankingVideos: 0 },
    });
    expect(aiAuthorText(generation)).toBe(
      'Written by the AI model gpt-test for “sourdough bread”.',
    );
    expect(aiAuthorText({ model: null, searchTerm: null })).toBe(
      'Written by an AI model without a search term.',
    );
    expect(aiInputsText(generation.inputs)).toBe(
      "It read the video's title, description and tags, no captions (reading them is not allowed), 1 related keyword and 0 videos ranking for the search term.",
    );
    expect(aiInputsText({ captions: 'used', relatedKeywords: 8, rankingVideos: 10 })).toContain(
      'its captions, 8 related keywords and 10 videos',
    );
  });

  it("checks suggestions against the platform's hard limits of their own field only", () => {
    expect(titleLimitErrors('A fine title')).toEqual([]);
    expect(titleLimitErrors('x'.repeat(101)).map((e) => e.code)).toEqual(['title-too-long']);
    expect(titleLimitErrors('Bread <3').map((e) => e.code)).toEqual(['angle-brackets']);
    expect(descriptionLimitErrors('')).toEqual([]);
    expect(descriptionLimitErrors('é'.repeat(2501)).map((e) => e.code)).toEqual([
      'description-too-long',
    ]);
  });
});
