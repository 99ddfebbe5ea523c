/**
 * The tips, level and impact of the edited copy, recomputed as the person types with the same
 * rules the server uses (@tubewise/recommendations). Typing stays smooth: the rules run on a
 * deferred copy of the input.
 */
import { useDeferredValue, useMemo } from 'react';
import {
  evaluateTips,
  hardLimitErrors,
  isTipType,
  optimizationImpact,
  optimizationLevel,
  type LimitError,
  type RuleInput,
  type Tip,
} from '@tubewise/recommendations';
import { workingCopy, type EditorState } from './editor-state.ts';

/** What the recommendations panel and the fields show. */
export interface LiveTips {
  tips: Tip[];
  level: number;
  impact: number;
  /** Whether the figures lag behind the latest keystroke. */
  stale: boolean;
}

/** The rules' input for the working copy. */
export function ruleInput(state: EditorState): RuleInput {
  const copy = workingCopy(state);
  return {
    title: copy.title,
    description: copy.description,
    tags: copy.tags,
    searchTerm: copy.searchTerm,
    recommendedTags: state.recommendations.data?.recommendedTags ?? copy.recommendedTags,
    durationSeconds: state.facts.durationSeconds,
    thumbnail:
      copy.thumbnailWidth !== null && copy.thumbnailHeight !== null
        ? { width: copy.thumbnailWidth, height: copy.thumbnailHeight }
        : null,
    defaultLanguage: state.language,
    hasCaptions: state.facts.hasCaptions,
    playlistCount: state.facts.playlistCount,
  };
}

/** Tips, level and impact of the working copy, recomputed live. */
export function useLiveTips(state: EditorState): LiveTips {
  const copy = workingCopy(state);
  const { data, ignored } = state.recommendations;
  const input = useMemo(
    () => ruleInput(state),
    // ruleInput reads exactly these parts of the state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [copy, data, state.facts, state.language],
  );
  const deferred = useDeferredValue(input);
  const tips = useMemo(
    () => evaluateTips(deferred, ignored.filter(isTipType)),
    [deferred, ignored],
  );
  const level = optimizationLevel(tips);
  const impact = optimizationImpact({
    volume: data?.keyword?.volume ?? null,
    competition: data?.keyword?.competition ?? null,
    position: data?.position ?? null,
    level,
  });
  return { tips, level, impact, stale: deferred !== input };
}

/** Errors that block publishing, per field (recomputed on every change: they are cheap). */
export function useHardLimitErrors(state: EditorState): LimitError[] {
  const copy = workingCopy(state);
  return useMemo(
    () => hardLimitErrors({ title: copy.title, description: copy.description, tags: copy.tags }),
    [copy.title, copy.description, copy.tags],
  );
}
