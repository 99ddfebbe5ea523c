import { describe, expect, it } from 'vitest';
import * as contract from '@tubewise/contract';
import {
  HIGH_LEVEL,
  LOW_LEVEL,
  timeFilters,
  VIDEO_PAGE_SIZE,
  VIDEOS_TO_CHECK_LIMIT,
  videoSortFields,
  videoTabs,
  visibilities,
} from './constants.ts';

describe('optimisation list constants', () => {
  it('match the contract', () => {
    expect(VIDEO_PAGE_SIZE).toBe(contract.VIDEO_PAGE_SIZE);
    expect(VIDEOS_TO_CHECK_LIMIT).toBe(contract.VIDEOS_TO_CHECK_LIMIT);
    expect(HIGH_LEVEL).toBe(contract.HIGH_LEVEL);
    expect(LOW_LEVEL).toBe(contract.LOW_LEVEL);
    expect(videoTabs).toEqual(contract.videoTabs);
    expect(videoTabs.map((t) => t.slug)).toEqual(contract.videoTabSlug.options);
    expect([...videoSortFields]).toEqual(contract.videoSortField.options);
    expect([...visibilities]).toEqual(contract.privacyStatus.options);
    expect([...timeFilters]).toEqual(contract.videoListQuery.shape.time.unwrap().options);
  });
});
