// videos.update: validation against YouTube's limits and the part-replacement semantics — every
// settable property of a sent part that the request leaves out is deleted (reset), exactly the
// behaviour that wipes tags when a client forgets to read-modify-write.
import { isAssignableCategory } from './categories.ts';
import type { Localization, PrivacyStatus, VideoRecord } from './corpus/types.ts';
import { invalidVideoField, parseError, unknownPart, type GoogleError } from './google-errors.ts';
import { isSupportedLanguage } from './languages.ts';
import { TAGS_MAX_TOTAL_CHARACTERS, tagsTotalLength } from './tags.ts';

/** Max characters of snippet.title. */
export const TITLE_MAX_CHARACTERS = 100;
/** Max UTF-8 bytes of snippet.description. */
export const DESCRIPTION_MAX_BYTES = 5000;
/** The parts videos.update can write. */
export const UPDATABLE_PARTS = ['snippet', 'status', 'localizations'] as const;
/** Read-only parts a client may name in `part` (they are ignored on write). */
const READ_ONLY_PARTS = new Set([
  'id',
  'contentDetails',
  'statistics',
  'player',
  'topicDetails',
  'recordingDetails',
  'fileDetails',
  'processingDetails',
  'suggestions',
  'liveStreamingDetails',
]);

/** What a status part resets to when a request omits a property. */
export const STATUS_DEFAULTS = {
  privacyStatus: 'private' as PrivacyStatus,
  embeddable: true,
  license: 'youtube' as const,
  publicStatsViewable: true,
  selfDeclaredMadeForKids: false,
};

/** The new values of a video's settable fields after a valid update. */
export type VideoChanges = Partial<
  Pick<
    VideoRecord,
    | 'title'
    | 'description'
    | 'tags'
    | 'categoryId'
    | 'defaultLanguage'
    | 'defaultAudioLanguage'
    | 'localizations'
    | 'privacyStatus'
    | 'publishAt'
    | 'embeddable'
    | 'license'
    | 'publicStatsViewable'
    | 'selfDeclaredMadeForKids'
  >
>;

type Result =
  | { ok: true; changes: VideoChanges; unset: (keyof VideoRecord)[] }
  | { ok: false; error: GoogleError };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const hasAngle = (s: string) => /[<>]/.test(s);

/** Parses the `part` parameter of videos.update into the parts it writes. */
export function parseUpdateParts(
  part: string,
): { ok: true; parts: Set<string> } | { ok: false; error: GoogleError } {
  const parts = new Set<string>();
  for (const raw of part.split(',')) {
    const p = raw.trim();
    if (!p) continue;
    if ((UPDATABLE_PARTS as readonly string[]).includes(p)) parts.add(p);
    else if (!READ_ONLY_PARTS.has(p)) return { ok: false, error: unknownPart(p) };
  }
  return { ok: true, parts };
}

/**
 * Validates the resource of a videos.update against the current video and computes the changes.
 * `parts` are the writable parts named in `part`; properties of other parts are ignored.
 */
export function planVideoUpdate(
  current: VideoRecord,
  resource: unknown,
  parts: ReadonlySet<string>,
  now: number,
): Result {
  if (!isObject(resource)) return { ok: false, error: parseError() };
  const changes: VideoChanges = {};
  const unset: (keyof VideoRecord)[] = [];
  let defaultLanguage = current.defaultLanguage;

  if (parts.has('snippet')) {
    const snippet = resource.snippet;
    if (!isObject(snippet))
      return { ok: false, error: invalidVideoField('invalidTitle', 'body.snippet.title') };
    const { title, description, tags, categoryId } = snippet;
    if (
      typeof title !== 'string' ||
      title.trim() === '' ||
      [...title].length > TITLE_MAX_CHARACTERS ||
      hasAngle(title)
    ) {
      return { ok: false, error: invalidVideoField('invalidTitle', 'body.snippet.title') };
    }
    if (description !== undefined) {
      if (
        typeof description !== 'string' ||
        Buffer.byteLength(description, 'utf8') > DESCRIPTION_MAX_BYTES ||
        hasAngle(description)
      ) {
        return {
          ok: false,
          error: invalidVideoField('invalidDescription', 'body.snippet.description'),
        };
      }
    }
    if (tags !== undefined) {
      if (
        !Array.isArray(tags) ||
        tags.some((t) => typeof t !== 'string' || hasAngle(t)) ||
        tagsTotalLength(tags as string[]) > TAGS_MAX_TOTAL_CHARACTERS
      ) {
        return { ok: false, error: invalidVideoField('invalidTags', 'body.snippet.tags') };
      }
    }
    if (typeof categoryId !== 'string' || !isAssignableCategory(categoryId)) {
      return {
        ok: false,
        error: invalidVideoField('invalidCategoryId', 'body.snippet.categoryId'),
      };
    }
    for (const key of ['defaultLanguage', 'defaultAudioLanguage'] as const) {
      const value = snippet[key];
      if (value !== undefined && (typeof value !== 'string' || !isSupportedLanguage(value))) {
        return {
          ok: false,
          error: invalidVideoField('invalidVideoMetadata', `body.snippet.${key}`),
        };
      }
    }
    changes.title = title;
    changes.description = typeof description === 'string' ? description : '';
    changes.tags = Array.isArray(tags) ? (tags as string[]).filter((t) => t.length > 0) : [];
    changes.categoryId = categoryId;
    if (typeof snippet.defaultLanguage === 'string')
      changes.defaultLanguage = snippet.defaultLanguage;
    else unset.push('defaultLanguage');
    if (typeof snippet.defaultAudioLanguage === 'string')
      changes.defaultAudioLanguage = snippet.defaultAudioLanguage;
    else unset.push('defaultAudioLanguage');
    defaultLanguage = changes.defaultLanguage;
  }

  if (parts.has('status')) {
    const status = isObject(resource.status) ? resource.status : {};
    const privacy = status.privacyStatus;
    if (
      privacy !== undefined &&
      privacy !== 'public' &&
      privacy !== 'unlisted' &&
      privacy !== 'private'
    ) {
      return {
        ok: false,
        error: invalidVideoField('invalidVideoMetadata', 'body.status.privacyStatus'),
      };
    }
    changes.privacyStatus = (privacy as PrivacyStatus | undefined) ?? STATUS_DEFAULTS.privacyStatus;
    if (status.publishAt !== undefined && status.publishAt !== null) {
      const at = typeof status.publishAt === 'string' ? Date.parse(status.publishAt) : NaN;
      // A scheduled time needs a private video and a future instant.
      if (Number.isNaN(at) || at <= now || changes.privacyStatus !== 'private') {
        return { ok: false, error: invalidVideoField('invalidPublishAt', 'body.status.publishAt') };
      }
      changes.publishAt = new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
    } else unset.push('publishAt');
    const license = status.license;
    if (license !== undefined && license !== 'youtube' && license !== 'creativeCommon') {
      return { ok: false, error: invalidVideoField('invalidVideoMetadata', 'body.status.license') };
    }
    changes.license =
      (license as 'youtube' | 'creativeCommon' | undefined) ?? STATUS_DEFAULTS.license;
    for (const key of ['embeddable', 'publicStatsViewable', 'selfDeclaredMadeForKids'] as const) {
      const value = status[key];
      if (value !== undefined && typeof value !== 'boolean') {
        return {
          ok: false,
          error: invalidVideoField('invalidVideoMetadata', `body.status.${key}`),
        };
      }
      changes[key] = (value as boolean | undefined) ?? STATUS_DEFAULTS[key];
    }
  }

  if (parts.has('localizations')) {
    const localizations = resource.localizations ?? {};
    if (!isObject(localizations))
      return { ok: false, error: invalidVideoField('invalidVideoMetadata', 'body.localizations') };
    const next: Record<string, Localization> = {};
    for (const [lang, value] of Object.entries(localizations)) {
      if (!isSupportedLanguage(lang))
        return {
          ok: false,
          error: invalidVideoField('invalidVideoMetadata', `body.localizations.${lang}`),
        };
      if (
        !isObject(value) ||
        typeof value.title !== 'string' ||
        [...value.title].length > TITLE_MAX_CHARACTERS ||
        hasAngle(value.title)
      ) {
        return {
          ok: false,
          error: invalidVideoField('invalidVideoMetadata', `body.localizations.${lang}.title`),
        };
      }
      const description = value.description ?? '';
      if (
        typeof description !== 'string' ||
        Buffer.byteLength(description, 'utf8') > DESCRIPTION_MAX_BYTES ||
        hasAngle(description)
      ) {
        return {
          ok: false,
          error: invalidVideoField(
            'invalidVideoMetadata',
            `body.localizations.${lang}.description`,
          ),
        };
      }
      next[lang] = { title: value.title, description };
    }
    if (Object.keys(next).length > 0 && !defaultLanguage) {
      return { ok: false, error: invalidVideoField('defaultLanguageNotSet', 'body.localizations') };
    }
    changes.localizations = next;
  } else if (
    parts.has('snippet') &&
    !defaultLanguage &&
    Object.keys(current.localizations).length > 0
  ) {
    // Removing the default language of a video that has localizations is refused the same way.
    return {
      ok: false,
      error: invalidVideoField('defaultLanguageNotSet', 'body.snippet.defaultLanguage'),
    };
  }
  return { ok: true, changes, unset };
}

/** Applies a validated plan to the video record (mutates it). */
export function applyVideoUpdate(
  video: VideoRecord,
  changes: VideoChanges,
  unset: readonly (keyof VideoRecord)[],
): void {
  Object.assign(video, changes);
  for (const key of unset) delete (video as unknown as Record<string, unknown>)[key];
  video.revision++;
}
