/**
 * The fake API of the AI suggestions (eligibility, quota, generations, feedback) and of the AI
 * permission, on the shared contract-checked MSW helpers. setup.ts installs the handlers before
 * every test, so every page showing the AI panel gets answers; tests adjust `aiApi`.
 */
import type { AiEligibility, AiGeneration } from '@tubewise/contract';
import { DEFAULT_AI_PERMISSION, NO_AI_PERMISSION } from '@tubewise/contract/constants';
import { buildAiEligibility, buildAiGeneration } from './data.ts';
import { api, errorBody, handle } from './server.ts';

/** A refusal of a generate request: status, error code, message and details. */
export interface AiRefusal {
  status: number;
  code: string;
  message: string;
  details?: unknown;
}

/** What the AI routes answer. */
export interface AiApiState {
  eligibility: AiEligibility;
  /** The video's latest generation; null before the first. */
  generation: AiGeneration | null;
  /** null: a generate starts a pending generation (the new latest one); else it is refused. */
  refuse: AiRefusal | null;
  /** Ratings are refused with 500. */
  failFeedback: boolean;
}

/** The AI fake API's state for the running test. */
export const aiApi: AiApiState = {
  eligibility: buildAiEligibility(),
  generation: null,
  refuse: null,
  failFeedback: false,
};

/** Resets the AI fake API: an eligible video, 12 of 50 generations left, no generation. */
export function resetAiApi(): void {
  aiApi.eligibility = buildAiEligibility();
  aiApi.generation = null;
  aiApi.refuse = null;
  aiApi.failFeedback = false;
}

let generationSeq = 100;

/** The handlers of the AI routes. */
export const aiHandlers = [
  handle('aiQuota', () => ({ body: aiApi.eligibility.quota })),
  handle('aiEligibility', () => ({ body: aiApi.eligibility })),
  handle('latestAiGeneration', () => ({ body: { generation: aiApi.generation } })),
  handle('generateAiMetadata', (body, { params }) => {
    const refusal = aiApi.refuse;
    if (refusal) {
      const envelope = errorBody(refusal.code, refusal.message);
      return {
        status: refusal.status,
        body: { error: { ...envelope.error, details: refusal.details ?? null } },
      };
    }
    const { searchTerm } = body as { searchTerm?: string | null };
    const generation = buildAiGeneration({
      id: `gen-${(generationSeq += 1)}`,
      videoId: params.videoId ?? '',
      status: 'pending',
      searchTerm: searchTerm ?? null,
      model: null,
      titles: [],
      description: null,
      tokens: null,
      createdAt: new Date().toISOString(),
      finishedAt: null,
    });
    aiApi.generation = generation;
    const quota = aiApi.eligibility.quota;
    const used = quota.used + 1;
    aiApi.eligibility = buildAiEligibility({
      ...aiApi.eligibility,
      quota: {
        ...quota,
        used,
        remaining: Math.max(0, quota.limit - used),
        exceeded: used >= quota.limit,
      },
    });
    return { status: 202, body: generation };
  }),
  handle('aiFeedback', (body, { params }) => {
    const current = aiApi.generation;
    if (aiApi.failFeedback || !current || current.id !== params.generationId) {
      return { status: 500, body: errorBody('internal', 'Rating failed') };
    }
    const b = body as
      | { target: 'title'; index: number; value: 'up' | 'down' | null }
      | { target: 'description'; value: 'up' | 'down' | null };
    aiApi.generation =
      b.target === 'title'
        ? {
            ...current,
            titles: current.titles.map((t, i) => (i === b.index ? { ...t, feedback: b.value } : t)),
          }
        : {
            ...current,
            description: current.description && { ...current.description, feedback: b.value },
          };
    return { body: aiApi.generation };
  }),
  handle('aiPermission', (body) => {
    if (!api.user) return { status: 401, body: errorBody('unauthorized') };
    const { allowed } = body as { allowed: boolean };
    api.user = { ...api.user, aiPermission: allowed ? DEFAULT_AI_PERMISSION : NO_AI_PERMISSION };
    return { body: api.user };
  }),
];
