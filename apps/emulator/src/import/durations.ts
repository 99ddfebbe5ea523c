// Durations of imported videos. The trending datasets have none, so the importer draws one from
// a fixed distribution, deterministically from the video id (the same id always gets the same
// duration), unless the file has a duration column.
//
// - Long-form (default): log-normal with a median of 10 minutes (μ = ln 600 s, σ = 0.6), clamped
//   to 2–60 minutes: about half the videos run 6.7–15 minutes, 90 % run 4–27 minutes.
// - Shorts, only when the data says so (#shorts or #short in the title, or a tag `shorts`,
//   `short`, `#shorts` or `#short`): uniform 15–60 seconds.
import { createRandom } from '../prng.ts';

/** Median of the long-form distribution, seconds. */
export const LONG_FORM_MEDIAN_SECONDS = 600;
/** σ of ln(duration) of the long-form distribution. */
export const LONG_FORM_SIGMA = 0.6;
/** Clamp of the long-form distribution, seconds (2 and 60 minutes). */
export const LONG_FORM_RANGE: readonly [number, number] = [120, 3600];
/** Range of Shorts, seconds. */
export const SHORTS_RANGE: readonly [number, number] = [15, 60];

const SHORTS_TAGS = new Set(['shorts', 'short', '#shorts', '#short']);

/** Whether the data marks a video as a Short (#shorts in the title or a shorts tag). */
export function isMarkedShort(title: string, tags: readonly string[]): boolean {
  return (
    /#shorts?(?![\p{L}\p{N}])/iu.test(title) ||
    tags.some((t) => SHORTS_TAGS.has(t.trim().toLowerCase()))
  );
}

/** The duration (seconds) an imported video gets when its file has none. */
export function importedDurationSeconds(
  videoId: string,
  title: string,
  tags: readonly string[],
): number {
  const rand = createRandom('imported-duration', videoId);
  if (isMarkedShort(title, tags)) return rand.int(SHORTS_RANGE[0], SHORTS_RANGE[1]);
  // Box–Muller: a standard normal from two uniforms (1 - next() keeps the logarithm finite).
  const z = Math.sqrt(-2 * Math.log(1 - rand.next())) * Math.cos(2 * Math.PI * rand.next());
  const seconds = Math.round(LONG_FORM_MEDIAN_SECONDS * Math.exp(LONG_FORM_SIGMA * z));
  return Math.min(LONG_FORM_RANGE[1], Math.max(LONG_FORM_RANGE[0], seconds));
}
