import { useQuery } from '@tanstack/react-query';
import type { BodyOf, VideoScript } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { ideationQueryKeys } from './query-keys.ts';

/** Body of a script save: the whole content and the revision the edits started from. */
export type SaveScriptBody = BodyOf<'saveVideoScript'>;

/** Loads a saved idea's script (empty with revision 0 before the first save). */
export function getVideoScript(ideaId: string, signal?: AbortSignal): Promise<VideoScript> {
  return apiRequest('videoScript', { params: { id: ideaId }, signal });
}

/** Saves a script; refused with 409 `script-conflict` (their script in details) when stale. */
export function saveVideoScript(ideaId: string, body: SaveScriptBody): Promise<VideoScript> {
  return apiRequest('saveVideoScript', { params: { id: ideaId }, body });
}

/**
 * A saved idea's script, fetched afresh every time it opens (never from an older cache: the
 * editor owns the text once it is shown).
 */
export function useVideoScript(channelId: string, ideaId: string) {
  return useQuery({
    queryKey: ideationQueryKeys.script(channelId, ideaId),
    queryFn: ({ signal }) => getVideoScript(ideaId, signal),
    staleTime: Infinity,
    gcTime: 0,
  });
}
