/** Video chapters: timestamps at the start of description lines, and YouTube's rules for them. */
import { RULE_THRESHOLDS } from './thresholds.ts';

/** One chapter of a description: where it starts and its title. */
export interface Chapter {
  seconds: number;
  title: string;
}

// "0:00 Intro", "01:23 - Setup", "1:02:03 | Outro", "[0:00] Intro". The timestamp must be
// followed by a separator or the end of the line, so "12:30pm meeting" is not a chapter.
const CHAPTER_LINE_RE =
  /^\s*[[(]?(?:(\d{1,2}):)?(\d{1,2}):(\d{2})[\])]?(?:\s*[-–—:|.]\s*|\s+|$)(.*)$/u;

/** The chapters of a description: every line that starts with a timestamp like 0:00, 1:23 or 1:02:03. */
export function parseChapters(description: string): Chapter[] {
  const chapters: Chapter[] = [];
  for (const line of description.split(/\r\n|\r|\n/u)) {
    const match = CHAPTER_LINE_RE.exec(line);
    if (!match) continue;
    const [, hoursText, minutesText = '0', secondsText = '0', title = ''] = match;
    const hours = hoursText === undefined ? 0 : Number(hoursText);
    const minutes = Number(minutesText);
    const seconds = Number(secondsText);
    // 1:75 or 1:75:00 are not times; minutes may exceed 59 only when there is no hour part.
    if (seconds > 59 || (hoursText !== undefined && minutes > 59)) continue;
    chapters.push({ seconds: hours * 3600 + minutes * 60 + seconds, title: title.trim() });
  }
  return chapters;
}

/** A timestamp as written in descriptions: "0:05", "12:30", "1:02:03". */
export function formatTimestamp(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = String(whole % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}

/** Why a description's chapters would not show on YouTube. */
export type ChapterProblem =
  | { code: 'missing'; message: string }
  | { code: 'first-not-zero'; seconds: number; message: string }
  | { code: 'too-few'; count: number; min: number; message: string }
  | {
      code: 'not-ascending';
      index: number;
      seconds: number;
      previousSeconds: number;
      message: string;
    }
  | {
      code: 'too-short';
      index: number;
      seconds: number;
      length: number;
      min: number;
      message: string;
    }
  | { code: 'after-end'; index: number; seconds: number; durationSeconds: number; message: string };

/** Every problem that stops YouTube from showing the chapters; empty when they are valid. */
export function chapterProblems(
  chapters: readonly Chapter[],
  durationSeconds: number | null,
): ChapterProblem[] {
  const { CHAPTERS_MIN_COUNT: minCount, CHAPTER_MIN_SECONDS: minLength } = RULE_THRESHOLDS;
  const first = chapters[0];
  if (!first) {
    return [
      {
        code: 'missing',
        message:
          'There are no chapters yet: add lines that start with a timestamp, beginning with 0:00.',
      },
    ];
  }
  const problems: ChapterProblem[] = [];
  if (first.seconds !== 0) {
    problems.push({
      code: 'first-not-zero',
      seconds: first.seconds,
      message: `The first chapter starts at ${formatTimestamp(first.seconds)}; it must start at 0:00.`,
    });
  }
  if (chapters.length < minCount) {
    problems.push({
      code: 'too-few',
      count: chapters.length,
      min: minCount,
      message: `There ${chapters.length === 1 ? 'is 1 chapter' : `are ${chapters.length} chapters`}; YouTube needs at least ${minCount}.`,
    });
  }
  chapters.forEach((chapter, index) => {
    const name = chapterName(chapter, index);
    const next = chapters[index + 1];
    const previous = chapters[index - 1];
    if (previous && chapter.seconds <= previous.seconds) {
      problems.push({
        code: 'not-ascending',
        index,
        seconds: chapter.seconds,
        previousSeconds: previous.seconds,
        message: `${name} starts at ${formatTimestamp(chapter.seconds)}, not after the chapter before it (${formatTimestamp(previous.seconds)}); timestamps must go up.`,
      });
      return;
    }
    // A length is only meaningful between timestamps in order; disorder is reported above.
    if (next && next.seconds <= chapter.seconds) return;
    const end = next ? next.seconds : durationSeconds;
    if (end === null) return;
    if (!next && chapter.seconds >= end) {
      problems.push({
        code: 'after-end',
        index,
        seconds: chapter.seconds,
        durationSeconds: end,
        message: `${name} starts at ${formatTimestamp(chapter.seconds)}, after the video ends (${formatTimestamp(end)}).`,
      });
      return;
    }
    const length = end - chapter.seconds;
    if (length < minLength) {
      problems.push({
        code: 'too-short',
        index,
        seconds: chapter.seconds,
        length,
        min: minLength,
        message: `${name} is ${length === 1 ? '1 second' : `${length} seconds`} long; each chapter needs at least ${minLength}.`,
      });
    }
  });
  return problems;
}

function chapterName(chapter: Chapter, index: number): string {
  return chapter.title === ''
    ? `Chapter ${index + 1}`
    : `Chapter ${index + 1} ("${chapter.title}")`;
}
