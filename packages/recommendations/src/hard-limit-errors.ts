/** Errors that block publishing: the platform refuses metadata that breaks these. */
import { countOf, formatCount, listOf } from './format.ts';
import { PLATFORM_LIMITS, platformTagsLength } from './platform-limits.ts';
import { codePointLength, utf8ByteLength } from './text-measure.ts';

/** A field of a video's metadata. */
export type MetadataField = 'title' | 'description' | 'tags';

/** One reason the platform would refuse the metadata. */
export interface LimitError {
  field: MetadataField;
  code:
    | 'title-required'
    | 'title-too-long'
    | 'description-too-long'
    | 'tags-too-long'
    | 'angle-brackets'
    | 'tag-empty';
  message: string;
}

/** Errors that block publishing (not tips): title required and ≤100 characters (count Unicode code points, as YouTube does), description ≤5000 UTF-8 bytes, tags ≤500 by platformTagsLength, no '<' or '>' in title, description or any tag, no empty tag. */
export function hardLimitErrors(m: {
  title: string;
  description: string;
  tags: readonly string[];
}): LimitError[] {
  return [...titleErrors(m.title), ...descriptionErrors(m.description), ...tagErrors(m.tags)];
}

const ANGLE_BRACKETS_RE = /[<>]/u;

function titleErrors(title: string): LimitError[] {
  const errors: LimitError[] = [];
  const length = codePointLength(title);
  if (title.trim() === '') {
    errors.push({
      field: 'title',
      code: 'title-required',
      message: 'The title is empty; every video needs a title.',
    });
  } else if (length > PLATFORM_LIMITS.TITLE_MAX_CHARS) {
    errors.push({
      field: 'title',
      code: 'title-too-long',
      message: `The title is ${countOf(length, 'character')}; YouTube allows at most ${PLATFORM_LIMITS.TITLE_MAX_CHARS}.`,
    });
  }
  if (ANGLE_BRACKETS_RE.test(title)) {
    errors.push({
      field: 'title',
      code: 'angle-brackets',
      message: 'The title contains "<" or ">"; YouTube does not allow these characters.',
    });
  }
  return errors;
}

function descriptionErrors(description: string): LimitError[] {
  const errors: LimitError[] = [];
  const bytes = utf8ByteLength(description);
  const max = PLATFORM_LIMITS.DESCRIPTION_MAX_BYTES;
  if (bytes > max) {
    // Bytes surprise people: say why the count can exceed the number of characters they see.
    const multiByte = bytes > codePointLength(description);
    errors.push({
      field: 'description',
      code: 'description-too-long',
      message:
        `The description is ${formatCount(bytes)} bytes; YouTube allows at most ${formatCount(max)}.` +
        (multiByte ? ' Emoji and accented letters take 2 to 4 bytes each.' : ''),
    });
  }
  if (ANGLE_BRACKETS_RE.test(description)) {
    errors.push({
      field: 'description',
      code: 'angle-brackets',
      message: 'The description contains "<" or ">"; YouTube does not allow these characters.',
    });
  }
  return errors;
}

function tagErrors(tags: readonly string[]): LimitError[] {
  const errors: LimitError[] = [];
  const length = platformTagsLength(tags);
  if (length > PLATFORM_LIMITS.TAGS_MAX_CHARS) {
    errors.push({
      field: 'tags',
      code: 'tags-too-long',
      message: `The tags take ${countOf(length, 'character')}; YouTube allows at most ${PLATFORM_LIMITS.TAGS_MAX_CHARS} (commas count, and tags with spaces count 2 more for quotes).`,
    });
  }
  const bracketed = tags.filter((tag) => ANGLE_BRACKETS_RE.test(tag));
  if (bracketed.length > 0) {
    errors.push({
      field: 'tags',
      code: 'angle-brackets',
      message: `${bracketed.length === 1 ? 'The tag' : 'The tags'} ${listOf(bracketed.map((tag) => `"${tag}"`))} ${bracketed.length === 1 ? 'contains' : 'contain'} "<" or ">"; YouTube does not allow these characters.`,
    });
  }
  const emptyCount = tags.filter((tag) => tag.trim() === '').length;
  if (emptyCount > 0) {
    errors.push({
      field: 'tags',
      code: 'tag-empty',
      message: `${emptyCount === 1 ? 'One tag is' : `${emptyCount} tags are`} empty; remove ${emptyCount === 1 ? 'it' : 'them'} or type a tag.`,
    });
  }
  return errors;
}
