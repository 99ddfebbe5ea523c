/** @tubewise/recommendations: the tip rules shared by the API server and the web editor. */
export { PLATFORM_LIMITS, platformTagsLength } from './platform-limits.ts';
export { hardLimitErrors, type LimitError, type MetadataField } from './hard-limit-errors.ts';
export {
  TIP_TYPES,
  TIP_GROUP_BY_TYPE,
  isTipType,
  type TipType,
  type TipGroup,
  type RuleInput,
  type Tip,
} from './tips.ts';
export { RULE_THRESHOLDS } from './thresholds.ts';
export { evaluateTips } from './evaluate-tips.ts';
export { optimizationLevel } from './optimization-level.ts';
export { optimizationImpact, IMPACT_FORMULA, type ImpactInput } from './optimization-impact.ts';
export {
  parseChapters,
  chapterProblems,
  formatTimestamp,
  type Chapter,
  type ChapterProblem,
} from './chapters.ts';
export { findHashtags } from './hashtags.ts';
export {
  countTermMentions,
  findTermMentions,
  normalizeTerm,
  sameTerm,
  type TermMention,
} from './term-matching.ts';
export { wordCount, codePointLength, utf8ByteLength } from './text-measure.ts';
export { shoutingWords } from './rules/title-rules.ts';
