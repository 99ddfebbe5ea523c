/** The tips' vocabulary: their types, stable order, groups, and the shapes the rules read and return. */

/** Every kind of tip the rules produce. */
export type TipType =
  | 'search-term-chosen'
  | 'title-contains-term'
  | 'title-term-early'
  | 'title-length'
  | 'title-no-shouting'
  | 'description-starts-with-term'
  | 'description-term-count'
  | 'description-word-count'
  | 'description-chapters'
  | 'description-hashtags'
  | 'tags-first-is-term'
  | 'tags-length-used'
  | 'tags-recommended-used'
  | 'thumbnail-custom-hd'
  | 'default-language'
  | 'captions'
  | 'in-playlist';

/** Every tip type in its stable order; a tip's `index` is its position here (never renumber; append new ones). */
export const TIP_TYPES: readonly TipType[] = Object.freeze([
  'search-term-chosen',
  'title-contains-term',
  'title-term-early',
  'title-length',
  'title-no-shouting',
  'description-starts-with-term',
  'description-term-count',
  'description-word-count',
  'description-chapters',
  'description-hashtags',
  'tags-first-is-term',
  'tags-length-used',
  'tags-recommended-used',
  'thumbnail-custom-hd',
  'default-language',
  'captions',
  'in-playlist',
] as const satisfies readonly TipType[]);

/** Where a tip is shown in the editor. */
export type TipGroup = 'search-term' | 'title' | 'description' | 'tags' | 'thumbnail' | 'other';

/** The group each tip type belongs to. */
export const TIP_GROUP_BY_TYPE: Readonly<Record<TipType, TipGroup>> = Object.freeze({
  'search-term-chosen': 'search-term',
  'title-contains-term': 'title',
  'title-term-early': 'title',
  'title-length': 'title',
  'title-no-shouting': 'title',
  'description-starts-with-term': 'description',
  'description-term-count': 'description',
  'description-word-count': 'description',
  'description-chapters': 'description',
  'description-hashtags': 'description',
  'tags-first-is-term': 'tags',
  'tags-length-used': 'tags',
  'tags-recommended-used': 'tags',
  'thumbnail-custom-hd': 'thumbnail',
  'default-language': 'other',
  captions: 'other',
  'in-playlist': 'other',
});

/** Whether a string is one of the known tip types (ignored lists come from storage as strings). */
export function isTipType(value: string): value is TipType {
  return (TIP_TYPES as readonly string[]).includes(value);
}

/** What the rules read about a video (the edited copy in the editor). */
export interface RuleInput {
  title: string;
  description: string;
  tags: readonly string[];
  /** null or blank = none chosen */
  searchTerm: string | null;
  recommendedTags: readonly string[];
  /** null = unknown */
  durationSeconds: number | null;
  /** the largest thumbnail the video has, null = none known */
  thumbnail: { width: number; height: number } | null;
  defaultLanguage: string | null;
  /** null = unknown */
  hasCaptions: boolean | null;
  /** null = unknown */
  playlistCount: number | null;
}

/** One recommendation (spec: type, index, ignored, meta) with its evaluation. */
export interface Tip {
  type: TipType;
  index: number;
  group: TipGroup;
  /** Whether it counts at all (e.g. chapters only for videos longer than 5 minutes; unknown facts make a tip not applicable). */
  applicable: boolean;
  passed: boolean;
  ignored: boolean;
  /** Short imperative label, e.g. "Put the search term in the title". */
  label: string;
  /** One or two sentences: why it matters and what to do now, using the actual figures ("Your title is 28 characters; aim for 40–70."). */
  explanation: string;
  /** Data the UI needs (current figures, targets, missing recommended tags, chapter problems...). JSON-serialisable. */
  meta: Record<string, unknown>;
}
