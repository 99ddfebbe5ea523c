/** The targets the tips measure against, in one place so the UI can show them too. */
export const RULE_THRESHOLDS = {
  /** Shorter titles say too little to rank; longer ones are cut off in search results. */
  TITLE_MIN_CHARS: 40,
  TITLE_MAX_CHARS: 70,
  /** All-caps words with at least this many letters read as shouting ("SEO" and "4K" do not). */
  SHOUTING_MIN_LETTERS: 4,
  /** How many shouting words a title may have. */
  SHOUTING_MAX_WORDS: 1,
  /** The start of the description that search results and the collapsed view show. */
  DESCRIPTION_TERM_WITHIN_CHARS: 150,
  /** Mentions of the term in the description: fewer is weak, more looks like keyword stuffing. */
  DESCRIPTION_TERM_MIN_MENTIONS: 2,
  DESCRIPTION_TERM_MAX_MENTIONS: 4,
  DESCRIPTION_MIN_WORDS: 250,
  /** Chapters only count for videos longer than this. */
  CHAPTERS_MIN_VIDEO_SECONDS: 300,
  /** YouTube's own chapter rules: at least 3 chapters of at least 10 seconds each. */
  CHAPTERS_MIN_COUNT: 3,
  CHAPTER_MIN_SECONDS: 10,
  /** YouTube shows the first 3 hashtags above the title and ignores all of them past 15. */
  HASHTAGS_SHOWN: 3,
  HASHTAGS_MAX: 15,
  /** Tag characters worth using, of the platform's 500. */
  TAGS_TARGET_CHARS: 300,
  /** Recommended tags to use (or all of them, when fewer are recommended). */
  RECOMMENDED_TAGS_MIN: 3,
  /** Recommended tags listed as missing at most. */
  RECOMMENDED_TAGS_MISSING_SHOWN: 10,
  /** YouTube serves the 1280×720 "maxres" thumbnail only when a large enough image exists. */
  THUMBNAIL_MIN_WIDTH: 1280,
  THUMBNAIL_MIN_HEIGHT: 720,
} as const;
