import type { AiGeneration } from '@tubewise/contract';
import type { aiGenerations } from '../../db/schema/index.ts';

type GenerationRow = typeof aiGenerations.$inferSelect;

/**
 * A stored generation as the contract shows it; `requestedBy` is the requester's display name
 * (the row holds their user id), null when unknown.
 */
export function presentGeneration(row: GenerationRow, requestedBy: string | null): AiGeneration {
  const done = row.status === 'done';
  return {
    id: row.id,
    videoId: row.videoId,
    status: row.status,
    searchTerm: row.searchTerm,
    language: row.language,
    model: row.model,
    titles: done ? row.titles : [],
    description: done ? row.description : null,
    inputs: row.inputs,
    error:
      row.status === 'failed'
        ? { code: row.errorCode ?? 'failed', message: row.errorMessage ?? 'The generation failed.' }
        : null,
    tokens:
      row.promptTokens === null
        ? null
        : { prompt: row.promptTokens, completion: row.completionTokens ?? 0 },
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    requestedBy,
  };
}
