/** Tips about the thumbnail. */
import { RULE_THRESHOLDS } from '../thresholds.ts';
import type { RuleTable } from './rule.ts';

const { THUMBNAIL_MIN_WIDTH: MIN_WIDTH, THUMBNAIL_MIN_HEIGHT: MIN_HEIGHT } = RULE_THRESHOLDS;

/** Rules of the thumbnail group. */
export const THUMBNAIL_RULES: RuleTable<'thumbnail-custom-hd'> = {
  'thumbnail-custom-hd': {
    label: `Upload a custom HD thumbnail (${MIN_WIDTH}×${MIN_HEIGHT})`,
    evaluate: ({ input: { thumbnail } }) => {
      const meta = {
        width: thumbnail?.width ?? null,
        height: thumbnail?.height ?? null,
        minWidth: MIN_WIDTH,
        minHeight: MIN_HEIGHT,
      };
      if (thumbnail === null) {
        return {
          applicable: true,
          passed: false,
          explanation: `No HD thumbnail is known for this video; upload a custom one of at least ${MIN_WIDTH}×${MIN_HEIGHT}, because the thumbnail decides whether people click.`,
          meta,
        };
      }
      // YouTube only serves its 1280×720 "maxres" size when a large custom or source image
      // exists, so anything smaller means the automatic frame of a low-resolution upload.
      return thumbnail.width >= MIN_WIDTH && thumbnail.height >= MIN_HEIGHT
        ? {
            applicable: true,
            passed: true,
            explanation: `Your thumbnail is ${thumbnail.width}×${thumbnail.height}, sharp on every screen.`,
            meta,
          }
        : {
            applicable: true,
            passed: false,
            explanation: `Your largest thumbnail is ${thumbnail.width}×${thumbnail.height}; upload a custom one of at least ${MIN_WIDTH}×${MIN_HEIGHT} so it looks sharp and makes people click.`,
            meta,
          };
    },
  },
};
